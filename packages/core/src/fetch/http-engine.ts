import type { Dispatcher } from 'undici';
import { request } from './undici-parts.js';
import { isTrawlError, TrawlError } from '../errors.js';
import { MAX_TIMEOUT_MS } from '../limits.js';
import { DEFAULT_USER_AGENT } from '../options.js';
import { assertAllowedTarget, parseTargetUrl } from '../url/guard.js';
import type { SsrfPolicy } from '../url/ssrf.js';
import { OPEN_POLICY } from '../url/ssrf.js';
import { decompressBody, decompressPrefix } from './decompress.js';
import { newAgent } from './dispatcher.js';
import { timeoutError, toNetworkError } from './network-errors.js';
import type { HttpFetchOptions, LoadedPage } from './types.js';

export const DEFAULT_MAX_REDIRECTS = 10;
export const DEFAULT_MAX_BODY_BYTES = 20 * 1024 * 1024;
export const DEFAULT_TIMEOUT_MS = 30_000;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

const BASE_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
  'accept-language': 'en-US,en;q=0.9',
};

/**
 * Fetches a URL over HTTP(S) with undici: manual redirects (capped, loop-checked, each hop
 * guarded), one time budget for the whole exchange, a body-size cap and decompression.
 */
export async function httpFetch(target: string, options: HttpFetchOptions = {}, policy: SsrfPolicy = OPEN_POLICY): Promise<LoadedPage> {
  if (options.dispatcher) return fetchThrough(target, options, options.dispatcher, policy);
  // Every load of core passes its runtime's pooled dispatcher (runtime.dispatcherFor); a call
  // without one (a test, a one-off tool) gets a pool of its own, closed once the page is read.
  const agent = newAgent(options.skipTlsVerification ?? false, policy);
  try {
    return await fetchThrough(target, options, agent, policy);
  } finally {
    await agent.close().catch(() => undefined);
  }
}

async function fetchThrough(target: string, options: HttpFetchOptions, dispatcher: Dispatcher, policy: SsrfPolicy): Promise<LoadedPage> {
  const timeoutMs = options.timeout ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isFinite(timeoutMs) || timeoutMs > MAX_TIMEOUT_MS) {
    throw new TrawlError('INVALID_OPTIONS', `timeout must be at most ${MAX_TIMEOUT_MS} ms, got ${String(timeoutMs).slice(0, 30)}`);
  }
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const timeoutSignal = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeoutSignal]) : timeoutSignal;
  const headers = mergeHeaders(options);

  const redirects: string[] = [];
  let url = parseTargetUrl(target);
  for (;;) {
    await assertAllowedTarget(url, policy);
    let response: Awaited<ReturnType<typeof request>>;
    try {
      response = await request(url, { method: 'GET', headers, dispatcher, signal });
    } catch (error) {
      throw abortAware(error, url.href, timeoutMs, options.signal, timeoutSignal);
    }
    const location = headerValue(response.headers.location);
    if (REDIRECT_STATUSES.has(response.statusCode) && location) {
      await response.body.dump().catch(() => undefined);
      const next = nextRedirect(url, location, redirects, maxRedirects);
      redirects.push(url.href);
      url = next;
      continue;
    }
    const flatHeaders = flattenHeaders(response.headers);
    const truncateAt = options.truncateAt;
    let raw: Uint8Array;
    try {
      raw = await readCapped(response.body, truncateAt ?? maxBodyBytes, url.href, truncateAt !== undefined);
    } catch (error) {
      throw abortAware(error, url.href, timeoutMs, options.signal, timeoutSignal);
    }
    const encoding = flatHeaders['content-encoding'];
    if (truncateAt === undefined) {
      return {
        url: url.href,
        status: response.statusCode,
        headers: flatHeaders,
        body: decompressBody(raw, encoding, maxBodyBytes),
        redirects,
      };
    }
    const body = await decompressPrefix(raw, encoding, truncateAt);
    const truncated = raw.byteLength >= truncateAt || body.byteLength >= truncateAt;
    return { url: url.href, status: response.statusCode, headers: flatHeaders, body, redirects, ...(truncated ? { truncated } : {}) };
  }
}

function mergeHeaders(options: HttpFetchOptions): Record<string, string> {
  const merged: Record<string, string> = { ...BASE_HEADERS, 'user-agent': options.userAgent ?? DEFAULT_USER_AGENT };
  for (const [name, value] of Object.entries(options.headers ?? {})) merged[name.toLowerCase()] = value;
  return merged;
}

function nextRedirect(from: URL, location: string, seen: string[], maxRedirects: number): URL {
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    throw new TrawlError('SCRAPE_INVALID_URL', `${from.href} redirected to an invalid URL "${location}"`);
  }
  if (next.protocol !== 'http:' && next.protocol !== 'https:') {
    throw new TrawlError('SCRAPE_INVALID_URL', `${from.href} redirected to unsupported scheme ${next.protocol}`);
  }
  next.hash = '';
  if (next.href === from.href || seen.includes(next.href)) {
    throw new TrawlError('SCRAPE_REDIRECT_LOOP', `Redirect loop: ${[...seen, from.href, next.href].join(' -> ')}`);
  }
  if (seen.length + 1 > maxRedirects) {
    throw new TrawlError('SCRAPE_TOO_MANY_REDIRECTS', `More than ${maxRedirects} redirects starting at ${seen[0] ?? from.href}`);
  }
  return next;
}

/** Reads the body up to `maxBytes`: past it, fails with SCRAPE_TOO_LARGE, or with `truncate` stops there. */
async function readCapped(
  body: AsyncIterable<Uint8Array> & { destroy(err?: Error): unknown },
  maxBytes: number,
  url: string,
  truncate = false,
): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    if (size + chunk.byteLength > maxBytes) {
      body.destroy();
      if (!truncate) throw new TrawlError('SCRAPE_TOO_LARGE', `The response of ${url} is larger than ${maxBytes} bytes (maxBodyBytes)`);
      chunks.push(chunk.subarray(0, maxBytes - size));
      size = maxBytes;
      break;
    }
    size += chunk.byteLength;
    chunks.push(chunk);
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
}

function abortAware(
  error: unknown,
  url: string,
  timeoutMs: number,
  userSignal: AbortSignal | undefined,
  timeoutSignal: AbortSignal,
): TrawlError {
  if (isTrawlError(error)) return error;
  if (userSignal?.aborted) return new TrawlError('SCRAPE_ABORTED', `Fetching ${url} was cancelled`, { cause: error });
  if (timeoutSignal.aborted) return timeoutError(url, timeoutMs, error);
  return toNetworkError(error, url, timeoutMs);
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

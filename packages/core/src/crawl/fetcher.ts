import { isTrawlError, TrawlError } from '../errors.js';
import { DEFAULT_USER_AGENT } from '../options.js';

/** What the crawl building blocks (robots, sitemaps, politeness) need from an HTTP client. */
export interface ResourceRequest {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Read the body only to this many bytes, ignoring the rest (robots.txt, sitemaps), instead of failing when it is large. */
  truncateAt?: number;
}

export interface FetchedResource {
  /** Final URL after redirects. */
  url: string;
  status: number;
  /** Response headers with lower-case names. */
  headers: Record<string, string>;
  body: Uint8Array;
  /** Set when `truncateAt` cut the body short. */
  truncated?: boolean;
}

/**
 * The one seam between crawling logic and HTTP. Any status is a resolved value (the caller
 * decides what a 404 or a 503 means); only transport failures reject, preferably as TrawlError.
 */
export type ResourceFetcher = (url: string, init?: ResourceRequest) => Promise<FetchedResource>;

export interface BasicFetcherOptions {
  /** Whole-request budget in ms, redirects and body included (default 15 s). */
  timeoutMs?: number;
  /** Largest body accepted in bytes (default 10 MiB); larger bodies fail with SCRAPE_TOO_LARGE. */
  maxBodyBytes?: number;
  /** Redirects followed before failing with SCRAPE_TOO_MANY_REDIRECTS (default 5, as RFC 9309 asks for robots.txt). */
  maxRedirects?: number;
  userAgent?: string;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * A small fetcher on the global fetch (undici), for robots.txt and sitemaps when no engine is
 * injected. It applies no SSRF policy: inject the HTTP engine's fetcher where that matters.
 */
export function createBasicFetcher(options: BasicFetcherOptions = {}): ResourceFetcher {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxBodyBytes = options.maxBodyBytes ?? 10 * 1024 * 1024;
  const maxRedirects = options.maxRedirects ?? 5;
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;

  return async (url, init = {}) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    const headers = { 'user-agent': userAgent, ...lowerCaseKeys(init.headers ?? {}) };
    let current = url;
    try {
      for (let hop = 0; ; hop++) {
        const response = await fetch(current, { headers, signal, redirect: 'manual' });
        const location = response.headers.get('location');
        if (REDIRECT_STATUSES.has(response.status) && location) {
          await response.body?.cancel();
          if (hop >= maxRedirects) {
            throw new TrawlError('SCRAPE_TOO_MANY_REDIRECTS', `More than ${maxRedirects} redirects fetching ${url}`);
          }
          current = new URL(location, current).href;
          continue;
        }
        const { body, truncated } = await readCapped(response, init.truncateAt ?? maxBodyBytes, current, init.truncateAt !== undefined);
        return {
          url: current,
          status: response.status,
          headers: headerRecord(response.headers),
          body,
          ...(truncated ? { truncated } : {}),
        };
      }
    } catch (error) {
      throw toFetchError(error, current, { timedOut: timeout.aborted, callerAborted: init.signal?.aborted ?? false, timeoutMs });
    }
  };
}

/** Reads the body up to `maxBytes`: past it, fails with SCRAPE_TOO_LARGE, or with `truncate` stops there. */
async function readCapped(
  response: Response,
  maxBytes: number,
  url: string,
  truncate: boolean,
): Promise<{ body: Uint8Array; truncated: boolean }> {
  const declared = Number(response.headers.get('content-length'));
  if (!truncate && Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge(url, maxBytes);
  }
  if (!response.body) return { body: new Uint8Array(0), truncated: false };
  const chunks: Uint8Array[] = [];
  let total = 0;
  let truncated = false;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (total + value.byteLength > maxBytes) {
      await reader.cancel();
      if (!truncate) throw tooLarge(url, maxBytes);
      chunks.push(value.subarray(0, maxBytes - total));
      total = maxBytes;
      truncated = true;
      break;
    }
    total += value.byteLength;
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { body, truncated };
}

function tooLarge(url: string, maxBytes: number): TrawlError {
  return new TrawlError('SCRAPE_TOO_LARGE', `The response from ${url} is larger than ${maxBytes} bytes`);
}

function headerRecord(headers: Headers): Record<string, string> {
  const record: Record<string, string> = {};
  headers.forEach((value, name) => {
    record[name] = value;
  });
  return record;
}

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

function toFetchError(error: unknown, url: string, state: { timedOut: boolean; callerAborted: boolean; timeoutMs: number }): TrawlError {
  if (isTrawlError(error)) return error;
  if (state.callerAborted) return new TrawlError('SCRAPE_ABORTED', `Fetching ${url} was cancelled`, { cause: error });
  if (state.timedOut) {
    return new TrawlError('SCRAPE_TIMEOUT', `Timed out after ${state.timeoutMs} ms fetching ${url}`, { cause: error });
  }
  const code = networkCode(error);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new TrawlError('SCRAPE_DNS_RESOLUTION_ERROR', `Could not resolve the host of ${url}`, { cause: error });
  }
  const detail = code ?? (error instanceof Error ? error.message : String(error));
  return new TrawlError('SCRAPE_CONNECTION_ERROR', `Fetching ${url} failed (${detail})`, { cause: error });
}

/** The errno-style code buried in undici's "fetch failed" TypeError, if any. */
export function networkCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

import { isTrawlError, TrawlError } from '../errors.js';
import { BlockedAddressError } from '../url/ssrf.js';

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NODATA', 'EAI_NONAME']);
const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT']);
const TLS_CODE = /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_SSL/;

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e = error; e && chain.length < 6; e = (e as { cause?: unknown }).cause) chain.push(e);
  return chain;
}

/** Turns whatever undici, node:net or node:tls threw into a TrawlError a user can act on. */
export function toNetworkError(error: unknown, url: string, timeoutMs: number): TrawlError {
  if (isTrawlError(error)) return error;
  for (const e of causes(error)) {
    if (e instanceof BlockedAddressError) {
      return new TrawlError('SCRAPE_BLOCKED_URL', `Refused to fetch ${url}: ${e.message}`, { cause: error });
    }
    const code = (e as NodeJS.ErrnoException).code ?? '';
    if (DNS_CODES.has(code)) {
      return new TrawlError('SCRAPE_DNS_RESOLUTION_ERROR', `Could not resolve the host of ${url}: check the domain name`, { cause: error });
    }
    if (TIMEOUT_CODES.has(code)) return timeoutError(url, timeoutMs, error);
    if (TLS_CODE.test(code)) {
      return new TrawlError(
        'SCRAPE_SSL_ERROR',
        `TLS error fetching ${url} (${code}): the site's certificate is not valid; set skipTlsVerification to fetch it anyway`,
        { cause: error },
      );
    }
    if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET' || code === 'EHOSTUNREACH') {
      return new TrawlError('SCRAPE_CONNECTION_ERROR', `Connection to ${url} failed (${code})`, { cause: error });
    }
  }
  const message = error instanceof Error ? error.message : String(error);
  return new TrawlError('SCRAPE_CONNECTION_ERROR', `Fetching ${url} failed: ${message}`, { cause: error });
}

export function timeoutError(url: string, timeoutMs: number, cause?: unknown): TrawlError {
  return new TrawlError('SCRAPE_TIMEOUT', `Timed out after ${timeoutMs} ms fetching ${url}; raise the timeout option for slow sites`, {
    cause,
  });
}

/** The errno-style code buried in undici's "fetch failed" TypeError, if any. */
export function networkCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

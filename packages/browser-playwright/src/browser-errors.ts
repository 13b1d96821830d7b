import { isTrawlError, TrawlError, type TrawlErrorCode } from '@trawl/core';

const NET_ERRORS: Array<[RegExp, TrawlErrorCode, string]> = [
  [/ERR_NAME_NOT_RESOLVED|ERR_NAME_RESOLUTION_FAILED/, 'SCRAPE_DNS_RESOLUTION_ERROR', 'could not resolve the host'],
  [/ERR_CERT_|ERR_SSL_|ERR_BAD_SSL/, 'SCRAPE_SSL_ERROR', 'the TLS certificate was refused (skipTlsVerification accepts it)'],
  [/ERR_TOO_MANY_REDIRECTS/, 'SCRAPE_TOO_MANY_REDIRECTS', 'too many redirects'],
  [/ERR_TIMED_OUT|ERR_CONNECTION_TIMED_OUT/, 'SCRAPE_TIMEOUT', 'the connection timed out'],
  [
    /ERR_CONNECTION_|ERR_EMPTY_RESPONSE|ERR_ADDRESS_|ERR_INTERNET_DISCONNECTED|ERR_NETWORK_|ERR_PROXY_|ERR_TUNNEL_|ERR_SOCKET_/,
    'SCRAPE_CONNECTION_ERROR',
    'the connection failed',
  ],
];

/** Why a browser load ended early, when it was us who ended it. */
export type EndReason = 'timeout' | 'aborted' | 'crashed' | undefined;

/** Turns what Playwright threw during a load into a TrawlError with a code a client can act on. */
export function toTrawlError(error: unknown, url: string, reason: EndReason, timeoutMs: number): TrawlError {
  if (isTrawlError(error)) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (reason === 'timeout' || (error instanceof Error && error.name === 'TimeoutError')) {
    return new TrawlError('SCRAPE_TIMEOUT', `Loading ${url} in the browser took longer than ${timeoutMs} ms`, { cause: error });
  }
  if (reason === 'aborted') return new TrawlError('SCRAPE_ABORTED', `The scrape of ${url} was cancelled`, { cause: error });
  if (reason === 'crashed') return new TrawlError('SCRAPE_CONNECTION_ERROR', `The browser crashed while loading ${url}`, { cause: error });
  if (/Download is starting/.test(message)) {
    return new TrawlError(
      'SCRAPE_UNSUPPORTED_CONTENT',
      `${url} is a download, which the browser does not render: scrape it with engine "http"`,
      { cause: error },
    );
  }
  for (const [pattern, code, what] of NET_ERRORS) {
    const net = /net::(ERR_[A-Z_]+)/.exec(message)?.[1];
    if (net && pattern.test(net)) return new TrawlError(code, `Browser could not load ${url}: ${what} (${net})`, { cause: error });
  }
  return new TrawlError('INTERNAL', `Browser failed on ${url}: ${message.split('\n')[0]}`, { cause: error });
}

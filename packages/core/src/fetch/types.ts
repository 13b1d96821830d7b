import type { Dispatcher } from 'undici';

export type { LoadedPage } from '../ports/loaded-page.js';

export interface HttpFetchOptions {
  headers?: Record<string, string>;
  /** Whole-request budget in ms (connect, headers, body, every redirect). */
  timeout?: number;
  skipTlsVerification?: boolean;
  maxRedirects?: number;
  maxBodyBytes?: number;
  /**
   * Read the (decoded) body only to this many bytes and ignore the rest, instead of failing past
   * `maxBodyBytes`: for files a reader may cut short (robots.txt, sitemaps).
   */
  truncateAt?: number;
  userAgent?: string;
  signal?: AbortSignal;
  /**
   * The undici Dispatcher to send through (`runtime.dispatcherFor(skipTlsVerification)`: the runtime's
   * own, or the default runtime's pooled, SSRF-checking agents); without one, a pool for this call alone.
   */
  dispatcher?: Dispatcher;
}

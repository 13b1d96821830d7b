import { httpFetch } from '../fetch/http-engine.js';
import type { HttpFetchOptions } from '../fetch/types.js';
import type { SsrfPolicy } from '../url/ssrf.js';
import type { ResourceFetcher } from './fetcher.js';

/** robots.txt and sitemaps go through the same HTTP engine (and SSRF policy) as pages. */
export function httpResourceFetcher(base: HttpFetchOptions, policy: SsrfPolicy): ResourceFetcher {
  return (url, init) =>
    httpFetch(
      url,
      {
        ...base,
        ...(init?.signal ? { signal: init.signal } : {}),
        ...(init?.truncateAt === undefined ? {} : { truncateAt: init.truncateAt }),
        headers: { ...base.headers, ...init?.headers },
      },
      policy,
    );
}

/**
 * The page memory's keys. A cached document is found by its URL and every option that changes
 * the output; a change-tracking history by its URL and tag alone (as Firecrawl scopes it: team
 * and tag). Both are digests, so a key's length never depends on the URL's.
 */
import type { ResolvedScrapeOptions } from '../options.js';
import { digest, withoutCacheBusting } from './noise.js';

/** Options that change how long a scrape takes, not what it returns. */
const NOT_OUTPUT: ReadonlyArray<keyof ResolvedScrapeOptions> = ['timeout'];

export function cacheKey(url: string, options: ResolvedScrapeOptions): string {
  const output = Object.fromEntries(
    Object.entries(options)
      .filter(([name]) => !NOT_OUTPUT.includes(name as keyof ResolvedScrapeOptions))
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  return `cache:${digest(`${new URL(url).href}\n${JSON.stringify(output)}`)}`;
}

export function trackingKey(url: string, tag: string | undefined): string {
  return `track:${digest(`${tag ?? ''}\n${withoutCacheBusting(url)}`)}`;
}

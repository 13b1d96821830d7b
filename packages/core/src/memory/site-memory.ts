/**
 * What a site looked like the last time it was crawled with change tracking: the pages the crawl
 * found, kept in the page memory per team, start URL, scrape options and tag. A later crawl
 * compares what it finds with it (unlinkedPages): a remembered page it no longer reaches is what
 * Firecrawl fetches again and reports `hidden` (crawl/remembered-pages.ts); a monitor's crawl
 * target compares its page lists the same way and reports such a page `removed`.
 */
import type { ResolvedScrapeOptions } from '../options.js';
import { isRemovedStatus } from './change-status.js';
import { cacheKey, trackingKey } from './keys.js';
import { digest } from './noise.js';
import { keep, nowOf, type PageMemoryContext, teamOf } from './page-memory.js';

/** The key of a site's page list: its start URL with the options (as a cached copy's) and the tag. */
export function siteKey(startUrl: string, options: ResolvedScrapeOptions, tag: string | undefined): string {
  return `site:${digest(`${tag ?? ''}\n${cacheKey(startUrl, options)}`)}`;
}

/**
 * The pages of `remembered` (an earlier look at a site) that `found` (this look) does not hold,
 * in their order; `keyOf` says when two URLs are one page (default: equal strings).
 */
export function unlinkedPages(
  remembered: readonly string[],
  found: Iterable<string>,
  keyOf: (url: string) => string = (url) => url,
): string[] {
  const seen = new Set(Array.from(found, keyOf));
  return remembered.filter((url) => !seen.has(keyOf(url)));
}

/** The site's remembered pages (none when no crawl of it was remembered). */
export async function recallSitePages(ctx: PageMemoryContext, key: string): Promise<string[]> {
  const snapshot = await ctx.store.pages.recall(teamOf(ctx), key);
  const urls = (snapshot?.document as { urls?: unknown } | undefined)?.urls;
  return Array.isArray(urls) ? urls.filter((url): url is string => typeof url === 'string') : [];
}

/** Remembers `urls` as the site's pages (within the snapshot size bound, as every snapshot). */
export async function rememberSitePages(ctx: PageMemoryContext, key: string, startUrl: string, urls: readonly string[]): Promise<void> {
  await keep(ctx, {
    teamId: teamOf(ctx),
    key,
    url: startUrl,
    scrapedAt: nowOf(ctx),
    contentHash: '',
    markdown: '',
    statusCode: 200,
    document: { urls: [...urls] },
  });
}

/** The pages of `urls` whose change-tracking history (of `tag`) does not end gone (404/410): a page reported removed is not fetched again. */
export async function notGone(ctx: PageMemoryContext, urls: readonly string[], tag: string | undefined): Promise<string[]> {
  const last = await Promise.all(urls.map((url) => ctx.store.pages.recall(teamOf(ctx), trackingKey(url, tag))));
  return urls.filter((_, i) => !(last[i] && isRemovedStatus(last[i]!.statusCode)));
}

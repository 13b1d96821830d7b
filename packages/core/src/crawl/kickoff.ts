import { finishKickoff } from '../jobs/job-events.js';
import { discover } from './discover.js';
import type { JobContext } from './job-context.js';
import { discoverSitemapUrls } from './sitemaps.js';

const SITEMAP_BATCH = 500;

/**
 * Seeds a crawl, as its kickoff item: the start URL first (robots.txt permitting), then, unless
 * ignored, every URL its sitemaps list, at discovery depth 0 like the start page (as Firecrawl
 * counts them: `maxDiscoveryDepth: 0` is the start page and the sitemaps); then marks the kickoff finished.
 */
export async function kickoffCrawl(ctx: JobContext): Promise<void> {
  await discover(ctx, [ctx.startUrl], 0, 'start');
  if (!ctx.rules.ignoreSitemap) {
    let batch: string[] = [];
    const urls = discoverSitemapUrls(ctx.startUrl, {
      fetcher: ctx.fetcher,
      robots: ctx.robots,
      signal: ctx.abort.signal,
      maxUrls: Math.max(ctx.rules.limit * 4, 1000),
    });
    for await (const url of urls) {
      batch.push(url);
      if (batch.length >= SITEMAP_BATCH) {
        await discover(ctx, batch, 0, 'sitemap');
        batch = [];
      }
    }
    if (batch.length) await discover(ctx, batch, 0, 'sitemap');
  }
  await finishKickoff(ctx.store, ctx.jobId, { retentionMs: ctx.runtime.retentionMs });
}

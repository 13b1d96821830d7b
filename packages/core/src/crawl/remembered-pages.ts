/**
 * A change-tracking crawl's remembered pages, as Firecrawl reports them: once every page the crawl
 * reached is done, the pages an earlier crawl of the site (same team, start URL, options and tag)
 * found and this one did not are fetched again, reported `hidden`, or `removed` when they now
 * answer 404 or 410. One frontier item (REMEMBERED_KEY) does it: while anything else of the job is
 * pending or leased it goes back for a moment, so the frontier cannot drain (nor the job finish)
 * before it ran, in any worker.
 */
import { isRemovedStatus } from '../memory/change-status.js';
import { notGone, recallSitePages, rememberSitePages, siteKey, unlinkedPages } from '../memory/site-memory.js';
import type { FrontierEntry, Lease } from '../ports/store.js';
import { discover } from './discover.js';
import type { JobContext } from './job-context.js';
import { type JobSpec, REMEMBERED_KEY } from './job-spec.js';

/** The longest the item waits before it looks again whether the rest of the crawl is done. */
const MAX_WAIT_MS = 1000;
/** Result entries read per call when listing the pages the crawl reached. */
const READ = { maxCount: 1000, maxBytes: 8 * 1024 * 1024 };

/** The remembered-pages item a crawl starts with: only a crawl that tracks changes and may keep them. */
export function rememberedPagesItem(spec: JobSpec): FrontierEntry[] {
  const memory = spec.memory;
  if (spec.kind !== 'crawl' || !memory?.changeTracking || memory.zeroDataRetention) return [];
  return [{ url: spec.url, key: REMEMBERED_KEY, depth: 0, data: { remembered: true } }];
}

/** The context a remembered page runs in: reported `hidden`, its links not followed (discover). */
export function hiddenPageContext(ctx: JobContext): JobContext {
  return { ...ctx, spec: { ...ctx.spec, memory: { ...ctx.spec.memory, visibility: 'hidden' } } };
}

/** A remembered page that is gone is a document reporting `removed`, not a failed page. */
export function reportsRemoved(ctx: JobContext, status: number): boolean {
  return ctx.spec.memory?.visibility === 'hidden' && isRemovedStatus(status);
}

/**
 * Runs the remembered-pages item: waits while the crawl has other work; then remembers the pages
 * it reached together with the remembered ones it did not (unless they were reported gone), and
 * offers the latter to the frontier as hidden pages (within the crawl's scope, robots.txt and
 * limit; the frontier takes none it has seen, so a page this crawl reached is never hidden).
 */
export async function offerRememberedPages(ctx: JobContext, lease: Lease): Promise<void> {
  const [stats, job] = await Promise.all([ctx.store.frontier.stats(ctx.jobId), ctx.store.jobs.get(ctx.jobId)]);
  if (!job?.kickoffFinished || stats.pending > 0 || stats.leased > 1) {
    await ctx.store.frontier.retry(lease, { notBefore: Date.now() + Math.min(MAX_WAIT_MS, 25 * 2 ** lease.item.attempt) });
    return;
  }
  const memory = { store: ctx.store, teamId: ctx.teamId };
  const tag = ctx.spec.memory?.changeTracking?.tag;
  const key = siteKey(ctx.startUrl, ctx.scrape, tag);
  const reached = await reachedPages(ctx);
  const unlinked = await notGone(memory, unlinkedPages(await recallSitePages(memory, key), reached, ctx.keyOf), tag);
  await rememberSitePages(memory, key, ctx.startUrl, [...reached, ...unlinked]);
  if (unlinked.length) await discover(ctx, unlinked, 0, 'sitemap', undefined, { hidden: true });
  await ctx.store.frontier.ack(lease);
}

/** The URLs of the documents the crawl recorded, once each. */
async function reachedPages(ctx: JobContext): Promise<string[]> {
  const urls = new Map<string, string>();
  for (let offset: number | null = 0; offset !== null; ) {
    const page = await ctx.store.results.read(ctx.jobId, { offset, kind: 'document', ...READ });
    for (const entry of page.entries) if (entry.kind === 'document') urls.set(ctx.keyOf(entry.url), entry.url);
    offset = page.next;
  }
  return [...urls.values()];
}

import { applyJobEvent } from '../jobs/job-events.js';
import type { FrontierEntry } from '../ports/store.js';
import type { JobContext } from './job-context.js';
import type { ItemData } from './job-spec.js';

/**
 * Offers URLs to the job's frontier: filters first (scope, depth, patterns), then the trap guard
 * (a link of a pattern that looks like a crawl trap is held back, traps/trap-guard.ts), then robots.txt
 * (a blocked URL is reported once in the errors report and never fetched), then the frontier
 * accepts what it has not seen, up to the crawl limit, and the job's total grows by that. The
 * links of a page only remembered (hidden) are not followed: nothing on the site leads to it.
 */
export async function discover(
  ctx: JobContext,
  urls: readonly string[],
  depth: number,
  source: 'link' | 'sitemap' | 'start',
  parentUrl?: string,
  data?: ItemData,
): Promise<number> {
  if (source === 'link' && ctx.spec.memory?.visibility === 'hidden') return 0;
  const entries: FrontierEntry[] = [];
  for (const url of urls) {
    if (source !== 'start') {
      const verdict = ctx.filter(url, { depth, source: source === 'sitemap' ? 'sitemap' : 'link', ...(parentUrl ? { parentUrl } : {}) });
      if (!verdict.allowed) continue;
      if (source === 'link' && ctx.traps.refusal(url, parentUrl)) continue;
    }
    let key: string;
    try {
      key = ctx.keyOf(url);
    } catch {
      continue; // not an absolute http(s) URL
    }
    if (!(await ctx.robots.isAllowed(url))) {
      await reportRobotsBlocked(ctx, url, key);
      continue;
    }
    entries.push({ url, key, depth, ...(data ? { data } : {}) });
  }
  if (!entries.length) return 0;
  return oneAtATime(ctx, async () => {
    const accepted = await ctx.store.frontier.enqueue(ctx.jobId, entries, { limit: await frontierCap(ctx) });
    if (source === 'link')
      ctx.traps.added(
        accepted.map((entry) => entry.url),
        parentUrl,
      );
    if (accepted.length) {
      const counted = await applyJobEvent(ctx.store, ctx.jobId, { type: 'discovered', count: accepted.length });
      if (counted.outcome === 'applied') ctx.events.emit('progress', counted.job);
    }
    return accepted.length;
  });
}

const discoveries = new WeakMap<JobContext, Promise<unknown>>();

/**
 * Runs a job's enqueue-and-count steps one after another within this worker. Between a
 * frontier's enqueue and the `discovered` event that counts it, its keys look like keys that are
 * not pages, so a concurrent frontierCap would let the crawl run past its limit.
 */
function oneAtATime<T>(ctx: JobContext, step: () => Promise<T>): Promise<T> {
  const previous = discoveries.get(ctx) ?? Promise.resolve();
  const next = previous.then(step, step);
  discoveries.set(
    ctx,
    next.catch(() => undefined),
  );
  return next;
}

async function reportRobotsBlocked(ctx: JobContext, url: string, key: string): Promise<void> {
  if (ctx.reportedBlocked.has(key)) return;
  ctx.reportedBlocked.add(key);
  await ctx.store.results.append(ctx.jobId, [{ kind: 'robots_blocked', url }]);
}

/**
 * The frontier counts every key it ever accepted; `limit` counts pages attempted (documents and
 * failures alike, so a crawl's size is exact and repeatable). Keys that are not pages (the
 * kickoff item, claimed redirect targets, redirects dropped as duplicates) do not use up the
 * limit. Reading `seen` before the counters keeps the estimate on the safe side when other
 * workers enqueue at the same time.
 */
async function frontierCap(ctx: JobContext): Promise<number> {
  const { seen } = await ctx.store.frontier.stats(ctx.jobId);
  const job = await ctx.store.jobs.get(ctx.jobId);
  if (!job) return 0;
  return ctx.rules.limit + Math.max(0, seen - job.counters.total);
}

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
  // The frontier admits pages against the limit in the same atomic step that accepts them, so
  // workers enqueueing one job's links at the same time never take it past its limit.
  const accepted = await ctx.store.frontier.enqueue(ctx.jobId, entries, { limit: ctx.rules.limit });
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
}

async function reportRobotsBlocked(ctx: JobContext, url: string, key: string): Promise<void> {
  if (ctx.reportedBlocked.has(key)) return;
  ctx.reportedBlocked.add(key);
  await ctx.store.results.append(ctx.jobId, [{ kind: 'robots_blocked', url }]);
}

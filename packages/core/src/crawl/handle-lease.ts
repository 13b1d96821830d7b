import type { Lease } from '../ports/store.js';
import type { JobContext } from './job-context.js';
import type { ItemData } from './job-spec.js';
import { kickoffCrawl } from './kickoff.js';
import { processLease } from './process-page.js';
import { hiddenPageContext, offerRememberedPages } from './remembered-pages.js';

/** Runs one leased frontier item of a job: its kickoff, a claimed redirect target, its remembered pages, or a page. */
export async function handleLease(ctx: JobContext, lease: Lease): Promise<void> {
  const data = lease.item.data as ItemData | undefined;
  if (data?.kickoff) {
    // Acked only once done: a worker that dies mid-kickoff leaves it to be leased and run again
    // (enqueueing is idempotent), so no crawl is left waiting for a kickoff that never ends.
    await kickoffCrawl(ctx);
    await ctx.store.frontier.ack(lease);
    return;
  }
  if (data?.redirectOf) {
    await ctx.store.frontier.ack(lease);
    return;
  }
  if (data?.remembered) return offerRememberedPages(ctx, lease);
  await processLease(data?.hidden ? hiddenPageContext(ctx) : ctx, lease);
}

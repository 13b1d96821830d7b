import { setTimeout as sleep } from 'node:timers/promises';
import { applyJobEvent, cancelJob, finishJobIfDone } from '../jobs/job-events.js';
import { errorCodeOf } from '../errors.js';
import type { JobRecord } from '../ports/store.js';
import { handleLease } from './handle-lease.js';
import type { JobContext } from './job-context.js';

/** How often an idle runner looks again when only delayed retries are left. */
export const IDLE_POLL_MS = 25;

export function leaseMsFor(ctx: JobContext): number {
  return ctx.scrape.timeout * 2 + 30_000;
}

/**
 * Runs one job in this process: leases its items and handles up to `maxConcurrency` at once
 * until the job ends (completed when the kickoff is done and the frontier drained, cancelled,
 * or failed). Resolves the final record.
 */
export async function runJob(ctx: JobContext): Promise<JobRecord | null> {
  const inFlight = new Set<Promise<void>>();
  try {
    while (!ctx.abort.signal.aborted) {
      const capacity = ctx.rules.maxConcurrency - inFlight.size;
      const leases = capacity > 0 ? await ctx.store.frontier.lease({ max: capacity, leaseMs: leaseMsFor(ctx), jobId: ctx.jobId }) : [];
      for (const lease of leases) {
        const task: Promise<void> = handleLease(ctx, lease).finally(() => inFlight.delete(task));
        inFlight.add(task);
      }
      if (leases.length && inFlight.size < ctx.rules.maxConcurrency) continue;
      if (inFlight.size) {
        await Promise.race(inFlight);
        continue;
      }
      const finished = await finishJobIfDone(ctx.store, ctx.jobId, { retentionMs: ctx.runtime.retentionMs });
      if (finished.outcome === 'not_found') return null;
      if (finished.job.status !== 'scraping') return finished.job;
      await sleep(IDLE_POLL_MS);
    }
    await Promise.allSettled(inFlight);
    // Aborted from this side (cancel(), a caller's signal): make sure the record says so.
    const cancelled = await cancelJob(ctx.store, ctx.jobId, { retentionMs: ctx.runtime.retentionMs });
    return cancelled.outcome === 'not_found' ? null : cancelled.job;
  } catch (error) {
    ctx.abort.abort();
    await Promise.allSettled(inFlight);
    return failJob(ctx, error);
  }
}

/** Marks the job failed after an error no page-level handling could absorb (a store failure, a bug). */
export async function failJob(ctx: JobContext, error: unknown): Promise<JobRecord | null> {
  const message = error instanceof Error ? error.message : String(error);
  const failed = await applyJobEvent(
    ctx.store,
    ctx.jobId,
    { type: 'fail', error: { code: errorCodeOf(error), message } },
    { retentionMs: ctx.runtime.retentionMs },
  );
  return failed.outcome === 'not_found' ? null : failed.job;
}

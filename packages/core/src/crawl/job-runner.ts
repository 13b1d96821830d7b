import { setTimeout as sleep } from 'node:timers/promises';
import { applyJobEvent, cancelJob, finishJobIfDone } from '../jobs/job-events.js';
import { errorCodeOf } from '../errors.js';
import type { JobRecord } from '../ports/store.js';
import { handleLease } from './handle-lease.js';
import type { JobContext } from './job-context.js';
import { isStoreOutage } from '../stores/store-outage.js';
import { StorePause } from './store-pause.js';

/** How often an idle runner looks again when only delayed retries are left. */
export const IDLE_POLL_MS = 25;

export function leaseMsFor(ctx: JobContext): number {
  return ctx.scrape.timeout * 2 + 30_000;
}

/**
 * Runs one job in this process: leases its items and handles up to `maxConcurrency` at once
 * until the job ends (completed when the kickoff is done and the frontier drained, cancelled,
 * or failed). Resolves the final record. A store outage pauses it (see StorePause) instead of
 * failing the job: the pages it cut short run again once the store answers.
 */
export async function runJob(ctx: JobContext): Promise<JobRecord | null> {
  const inFlight = new Set<Promise<void>>();
  const pause = new StorePause(ctx.store, ctx.runtime.logger, `job ${ctx.jobId}`);
  try {
    while (!ctx.abort.signal.aborted) {
      await pause.wait(ctx.abort.signal);
      try {
        const ended = await runStep(ctx, inFlight, pause);
        if (ended !== undefined) return ended;
      } catch (error) {
        if (!isStoreOutage(error)) throw error;
        pause.failed(error);
      }
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

/** Leases and starts what fits, or waits for a page, or finishes the job. Resolves the record once the job ended. */
async function runStep(ctx: JobContext, inFlight: Set<Promise<void>>, pause: StorePause): Promise<JobRecord | null | undefined> {
  const capacity = ctx.rules.maxConcurrency - inFlight.size;
  const leases = capacity > 0 ? await ctx.store.frontier.lease({ max: capacity, leaseMs: leaseMsFor(ctx), jobId: ctx.jobId }) : [];
  await pause.handBack();
  for (const lease of leases) {
    const task: Promise<void> = handleLease(ctx, lease)
      .then(() => pause.recovered())
      .catch((error: unknown) => {
        if (!isStoreOutage(error)) throw error;
        pause.interrupt(lease, error);
      })
      .finally(() => inFlight.delete(task));
    inFlight.add(task);
  }
  if (leases.length && inFlight.size < ctx.rules.maxConcurrency) return undefined;
  if (inFlight.size) {
    await Promise.race(inFlight);
    return undefined;
  }
  const finished = await finishJobIfDone(ctx.store, ctx.jobId, { retentionMs: ctx.runtime.retentionMs });
  if (finished.outcome === 'not_found') return null;
  if (finished.job.status !== 'scraping') return finished.job;
  await sleep(IDLE_POLL_MS);
  return undefined;
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

import type { Store } from '../ports/store.js';

export interface SweepOptions {
  /** Ids asked of the store per round (default 100). */
  batchSize?: number;
}

/**
 * Deletes every job that expired by `now`, with its results and frontier, and resolves how many
 * were deleted; then every monitor check past its monitor's retention (sweepExpiredChecks). Safe
 * to run from several processes at once: deleting twice is harmless.
 */
export async function sweepExpiredJobs(store: Store, now: number = Date.now(), options: SweepOptions = {}): Promise<number> {
  const deleted = await sweepJobs(store, now, options.batchSize ?? 100);
  await sweepExpiredChecks(store, options);
  return deleted;
}

/**
 * Deletes every monitor check whose retention (`retentionDays`, as saved with the check) ran out
 * by the store's clock, and resolves how many. A saved check drops its monitor's expired checks
 * too, so this is what keeps retention for a monitor that is paused or no longer runs.
 */
export async function sweepExpiredChecks(store: Pick<Store, 'monitors'>, options: SweepOptions = {}): Promise<number> {
  const limit = options.batchSize ?? 100;
  let deleted = 0;
  for (;;) {
    const swept = await store.monitors.sweepChecks({ limit });
    deleted += swept;
    if (swept < limit) return deleted;
  }
}

async function sweepJobs(store: Store, now: number, batchSize: number): Promise<number> {
  const attempted = new Set<string>();
  let deleted = 0;
  for (;;) {
    const ids = (await store.jobs.listExpired({ before: now, limit: batchSize })).filter((id) => !attempted.has(id));
    // Ids seen before mean the store did not delete them; stop instead of asking forever.
    if (ids.length === 0) return deleted;
    for (const id of ids) {
      attempted.add(id);
      if (await store.jobs.delete(id)) deleted++;
    }
  }
}

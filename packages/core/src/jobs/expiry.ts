import type { Store } from '../ports/store.js';

export interface SweepOptions {
  /** Ids asked of the store per round (default 100). */
  batchSize?: number;
}

/**
 * Deletes every job that expired by `now`, with its results and frontier, and resolves how many
 * were deleted. Safe to run from several processes at once: deleting twice is harmless.
 */
export async function sweepExpiredJobs(store: Store, now: number = Date.now(), options: SweepOptions = {}): Promise<number> {
  const batchSize = options.batchSize ?? 100;
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

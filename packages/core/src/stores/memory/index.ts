import type { Store } from '../../ports/store.js';
import { MemoryFrontier, type FrontierFootprint } from './memory-frontier.js';
import { MemoryJobRepo } from './memory-jobs.js';
import { MemoryMonitorRepo } from './memory-monitors.js';
import { MemoryPageMemory } from './memory-pages.js';
import { MemoryResultLog } from './memory-results.js';
import { MemoryTeamLedger } from './memory-teams.js';

export interface MemoryStoreOptions {
  /** The clock for expiry, leases, delays and rate-limit windows (default `Date.now`). */
  now?: () => number;
}

/** What a memory store currently holds; lets a long-running process check nothing leaks. */
export interface MemoryStoreFootprint extends FrontierFootprint {
  jobs: number;
  resultEntries: number;
  pageSnapshots: number;
  monitors: number;
}

export interface MemoryStore extends Store {
  footprint(): MemoryStoreFootprint;
}

/**
 * A Store held in this process: for library use, tests, and single-process servers that accept
 * losing state on restart. Deleting a job frees all its memory; it starts no timers.
 */
export function createMemoryStore(options: MemoryStoreOptions = {}): MemoryStore {
  const now = options.now ?? Date.now;
  const results = new MemoryResultLog();
  // Called once a job has pages, after the job's record was made.
  const frontier = new MemoryFrontier(now, (id) => jobs.teamOf(id));
  const teams = new MemoryTeamLedger(now);
  const pages = new MemoryPageMemory();
  const monitors = new MemoryMonitorRepo(now);
  const jobs = new MemoryJobRepo(now, (id) => {
    results.drop(id);
    frontier.drop(id);
  });
  return {
    jobs,
    results,
    frontier,
    teams,
    pages,
    monitors,
    async close() {
      jobs.clear();
      pages.clear();
      monitors.clear();
      results.clear();
      frontier.clear();
      teams.clear();
    },
    footprint() {
      return {
        jobs: jobs.size,
        resultEntries: results.entryCount,
        pageSnapshots: pages.size,
        monitors: monitors.size,
        ...frontier.footprint(),
      };
    },
  };
}

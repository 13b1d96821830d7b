import { withOutageErrors, type Store } from '@trawl/core/ports';
import { openConnection } from './connection.js';
import { sqliteOutage } from './outage-errors.js';
import { SqliteFrontier } from './sqlite-frontier.js';
import { SqliteJobRepo } from './sqlite-jobs.js';
import { SqliteMonitorRepo } from './sqlite-monitors.js';
import { SqlitePageMemory } from './sqlite-pages.js';
import { SqliteResultLog } from './sqlite-results.js';
import { SqliteTeamLedger } from './sqlite-teams.js';

/** Where `trawl serve` keeps its state unless told otherwise (relative to the working directory). */
export const DEFAULT_SQLITE_PATH = './.trawl/trawl.db';

export interface SqliteStoreOptions {
  /** The database file, created with its folder when missing (default `./.trawl/trawl.db`); `:memory:` for a private in-memory one. */
  path?: string;
  /** The clock for expiry, leases, delays and rate-limit windows (default `Date.now`). */
  now?: () => number;
  /** How long a write waits for another process holding the write lock (default 10 s). */
  busyTimeoutMs?: number;
  /**
   * The most the file may grow to, in bytes (default: as far as the disk allows). Past it, writes
   * fail as on a full disk: new work is refused with STORAGE_FULL (507) while reads answer. The
   * first store of a process to open a file sets it.
   */
  maxSizeBytes?: number;
}

export interface SqliteStore extends Store {
  /** The file this store writes to. */
  readonly path: string;
  /** Commits this turn's writes now instead of at the end of the turn. */
  flush(): void;
}

/**
 * A Store in one SQLite file (WAL mode): every job, result and frontier item is on disk, so a
 * restarted process carries on where the last one stopped. Stores of one process opened on the
 * same file share one connection; several processes may share the file (writes take turns).
 */
export function createSqliteStore(options: SqliteStoreOptions = {}): SqliteStore {
  const path = options.path ?? DEFAULT_SQLITE_PATH;
  const now = options.now ?? Date.now;
  const connection = openConnection(path, {
    ...(options.busyTimeoutMs === undefined ? {} : { busyTimeoutMs: options.busyTimeoutMs }),
    ...(options.maxSizeBytes === undefined ? {} : { maxSizeBytes: options.maxSizeBytes }),
  });
  // A full disk fails every part with STORAGE_FULL, a lock held too long with STORE_UNAVAILABLE.
  const guard = <T extends object>(part: T): T => withOutageErrors(part, sqliteOutage);
  const results = new SqliteResultLog(connection);
  const frontier = new SqliteFrontier(connection, now);
  const teams = new SqliteTeamLedger(connection, now);
  const jobs = new SqliteJobRepo(connection, now, (id) => {
    results.drop(id);
    frontier.drop(id);
  });
  let closed = false;
  return {
    path,
    jobs: guard(jobs),
    results: guard(results),
    frontier: guard(frontier),
    teams: guard(teams),
    pages: guard(new SqlitePageMemory(connection)),
    monitors: guard(new SqliteMonitorRepo(connection, now)),
    flush() {
      connection.flush();
    },
    async close() {
      if (closed) return;
      closed = true;
      connection.release();
    },
  };
}

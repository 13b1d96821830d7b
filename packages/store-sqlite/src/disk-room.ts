import type { Database } from 'better-sqlite3';
import { isSqliteFull } from './outage-errors.js';

/** How long a full database refuses writes before it looks again whether there is room. */
const RECHECK_MS = 5_000;
/**
 * The room a probe asks for, in pages (128 KiB at SQLite's default 4 KiB): more than a new job
 * takes, so that work already running has room to finish when new work is let in again.
 */
const PROBE_PAGES = 32;

/**
 * Whether the database has room to write. On a full disk SQLite fails a write late (at commit,
 * after the caller was told it worked) or early (a statement needing a new page under a size
 * cap). Once either happened, writes are refused at once with that SQLITE_FULL, so new work gets
 * its 507 before anything is half done; every few seconds a probe (a few pages written and
 * removed, committed) looks whether space came back. Reads never ask.
 */
export class DiskRoom {
  private full: { error: unknown; recheckAt: number } | undefined;

  constructor(private readonly db: Database) {}

  /** Throws the SQLITE_FULL that filled the database while it is known full (a probe may find room again). */
  assertRoom(): void {
    if (!this.full) return;
    // A probe is a transaction of its own, so it cannot run inside this turn's.
    if (Date.now() < this.full.recheckAt || this.db.inTransaction || !this.probe()) throw this.full.error;
  }

  /** Notes a write or commit that failed with SQLITE_FULL. */
  noteFull(error: unknown): void {
    this.full = { error, recheckAt: Date.now() + RECHECK_MS };
  }

  /** Writes a few pages and removes them again, committed: true when that worked, and the database is not full. */
  probe(): boolean {
    const bytes = PROBE_PAGES * (this.db.pragma('page_size', { simple: true }) as number);
    try {
      this.db
        .transaction(() => {
          this.db.prepare('INSERT OR REPLACE INTO disk_probe (id, room) VALUES (1, zeroblob(?))').run(bytes);
          this.db.prepare('DELETE FROM disk_probe').run();
        })
        .immediate();
      this.full = undefined;
      return true;
    } catch (error) {
      if (!isSqliteFull(error)) throw error;
      this.noteFull(error);
      return false;
    }
  }
}

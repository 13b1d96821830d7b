import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { migrate } from './migrations.js';

/**
 * One SQLite connection with group commit: the first write in a turn of the event loop opens a
 * transaction, every write of that turn joins it (each in its own savepoint, so each stays
 * atomic), and it commits when the turn ends. Besides saving a commit per call, this makes the
 * few writes core issues back to back for one page (ack, append, count) land together or not
 * at all: a process killed between them loses the whole page, whose lease then expires and
 * hands it out again, instead of keeping an ack whose result never got written.
 */
export class Connection {
  private commitScheduled = false;
  private failure: unknown;
  private refs = 1;

  constructor(
    readonly db: Database,
    private readonly onClose: () => void,
  ) {}

  /** Runs `fn` atomically in this turn's transaction. */
  write<T>(fn: () => T): T {
    if (this.failure) throw this.failure;
    if (!this.db.inTransaction) {
      this.db.exec('BEGIN IMMEDIATE');
      this.scheduleCommit();
    }
    return this.db.transaction(fn)();
  }

  /** Commits what this turn wrote now (before a close, or when a caller needs it on disk). */
  flush(): void {
    if (!this.db.open || !this.db.inTransaction) return;
    try {
      this.db.exec('COMMIT');
    } catch (error) {
      // A failed commit leaves nothing half-written; the writes it carried are lost like a crash's.
      this.failure = error;
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      throw error;
    }
  }

  retain(): this {
    this.refs++;
    return this;
  }

  /** Drops one user; the last one commits and closes the file. True when it closed. */
  release(): boolean {
    if (--this.refs > 0) return false;
    try {
      this.flush();
    } finally {
      this.db.close();
      this.onClose();
    }
    return true;
  }

  private scheduleCommit(): void {
    if (this.commitScheduled) return;
    this.commitScheduled = true;
    setImmediate(() => {
      this.commitScheduled = false;
      try {
        this.flush();
      } catch {
        // Remembered in `failure`: the next write rejects with it.
      }
    });
  }
}

/** Open connections by file, shared by the stores of this process (two would block each other). */
const open = new Map<string, Connection>();

export interface OpenOptions {
  /** How long a write waits for another process holding the write lock (default 10 s). */
  busyTimeoutMs?: number;
}

export function openConnection(path: string, options: OpenOptions = {}): Connection {
  const inMemory = path === ':memory:';
  const key = inMemory ? `:memory:${open.size}:${Math.random()}` : resolve(path);
  const existing = open.get(key);
  if (existing) return existing.retain();
  if (!inMemory) mkdirSync(dirname(key), { recursive: true });
  const db = new BetterSqlite3(inMemory ? ':memory:' : key);
  try {
    db.pragma('journal_mode = WAL');
    // With WAL, NORMAL never corrupts the file; a power cut (not a process crash) may drop the last commits.
    db.pragma('synchronous = NORMAL');
    db.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 10_000}`);
    db.pragma('foreign_keys = OFF');
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  const connection = new Connection(db, () => open.delete(key));
  open.set(key, connection);
  return connection;
}

import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { migrate } from './migrations.js';
import { DiskRoom } from './disk-room.js';
import { isSqliteFull, sqliteOutage } from './outage-errors.js';

/**
 * One SQLite connection with group commit: the first write in a turn of the event loop opens a
 * transaction, every write of that turn joins it (each in its own savepoint, so each stays
 * atomic), and it commits when the turn ends. Besides saving a commit per call, this makes the
 * few writes core issues back to back for one page (ack, append, count) land together or not
 * at all: a process killed between them loses the whole page, whose lease then expires and
 * hands it out again, instead of keeping an ack whose result never got written. A write that
 * fails for want of space or of the disk (an outage, see outage-errors.ts) likewise rolls back
 * the whole turn, so an ack never stays without its result; the next turn tries afresh.
 */
export class Connection {
  private commitScheduled = false;
  /** The outage a write of this turn met: the turn rolls back instead of committing, its later writes fail with it. */
  private doomedBy: unknown;
  private refs = 1;
  /** Refuses writes at once while the disk is full. */
  readonly room: DiskRoom;

  constructor(
    readonly db: Database,
    private readonly onClose: () => void,
  ) {
    this.room = new DiskRoom(db);
  }

  /** Runs `fn` atomically in this turn's transaction. */
  write<T>(fn: () => T): T {
    if (this.doomedBy !== undefined) throw this.doomedBy;
    this.room.assertRoom();
    if (!this.db.inTransaction) {
      this.db.exec('BEGIN IMMEDIATE');
      this.scheduleCommit();
    }
    try {
      return this.db.transaction(fn)();
    } catch (error) {
      if (sqliteOutage(error)) this.doomedBy = error;
      if (isSqliteFull(error)) this.room.noteFull(error);
      throw error;
    }
  }

  /** Commits what this turn wrote now (before a close, or when a caller needs it on disk). */
  flush(): void {
    const doomed = this.doomedBy !== undefined;
    this.doomedBy = undefined;
    // SQLite may have rolled a doomed turn back by itself already (it does on some SQLITE_FULL).
    if (!this.db.open || !this.db.inTransaction) return;
    if (doomed) {
      // Lost like a crash's writes: leases lapse or are handed back, and their pages run again.
      this.db.exec('ROLLBACK');
      return;
    }
    try {
      this.db.exec('COMMIT');
    } catch (error) {
      // A failed commit leaves nothing half-written; the writes it carried are lost like a crash's.
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      if (isSqliteFull(error)) this.room.noteFull(error);
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
        // Lost like a crash's writes (see flush); the next turn begins afresh.
      }
    });
  }
}

/** Open connections by file, shared by the stores of this process (two would block each other). */
const open = new Map<string, Connection>();

export interface OpenOptions {
  /** How long a write waits for another process holding the write lock (default 10 s). */
  busyTimeoutMs?: number;
  /** The most the database may grow to, in bytes (SQLite's max_page_count); past it writes fail as on a full disk. */
  maxSizeBytes?: number;
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
    if (options.maxSizeBytes !== undefined) capSize(db, options.maxSizeBytes);
  } catch (error) {
    db.close();
    throw error;
  }
  const connection = new Connection(db, () => open.delete(key));
  // A file that is full already (the disk filled while the server was down) refuses new work from the start.
  connection.room.probe();
  open.set(key, connection);
  return connection;
}

/** Caps the file at `bytes` (never below what it holds already: SQLite keeps the larger). */
function capSize(db: Database, bytes: number): void {
  if (!Number.isSafeInteger(bytes) || bytes < 1)
    throw new RangeError(`maxSizeBytes must be a positive whole number of bytes, got ${bytes}`);
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  db.pragma(`max_page_count = ${Math.max(1, Math.floor(bytes / pageSize))}`);
}

import { TrawlError } from '@trawl/core';

/** better-sqlite3's failures carry SQLite's extended result code as `code` (SQLITE_FULL, SQLITE_IOERR_WRITE…). */
function sqliteCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_') ? code : undefined;
}

/** True for SQLite's "out of space": a full disk, or the database's size cap. */
export function isSqliteFull(error: unknown): boolean {
  return sqliteCode(error) === 'SQLITE_FULL';
}

/**
 * Reads a SQLite failure as an outage: STORAGE_FULL when the disk (or the size cap) is full,
 * STORE_UNAVAILABLE when the file is locked past the busy timeout or the disk fails to read or
 * write. Anything else (a bug, a constraint) is not an outage.
 */
export function sqliteOutage(error: unknown): TrawlError | undefined {
  const code = sqliteCode(error);
  if (!code) return undefined;
  if (code === 'SQLITE_FULL') {
    return new TrawlError(
      'STORAGE_FULL',
      'The database is full (no space left on its disk, or its size cap reached): new work is refused',
      {
        cause: error,
      },
    );
  }
  if (/^SQLITE_(BUSY|LOCKED|IOERR)/.test(code)) {
    return new TrawlError('STORE_UNAVAILABLE', `The database cannot be written now (${code})`, { cause: error });
  }
  return undefined;
}

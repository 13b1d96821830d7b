import { Buffer } from 'node:buffer';
import type { ResultEntry, ResultKind, ResultLog, ResultPage, ResultQuery } from '@trawl/core/ports';
import type { Connection } from './connection.js';
import { requireInteger } from './validate.js';

interface EntryRow {
  bytes: number;
  entry: string;
}

/**
 * The result log as rows on disk: each entry carries its position in the job's log, its
 * position among entries of its kind and its size, so a page is one indexed range read and a
 * job's documents never sit in this process's memory.
 */
export class SqliteResultLog implements ResultLog {
  private readonly statements;

  constructor(private readonly connection: Connection) {
    const db = connection.db;
    this.statements = {
      lastSeq: db.prepare<[string], { last: number | null }>('SELECT MAX(seq) AS last FROM results WHERE job_id = ?'),
      lastKindSeq: db.prepare<[string, string], { last: number | null }>(
        'SELECT MAX(kind_seq) AS last FROM results WHERE job_id = ? AND kind = ?',
      ),
      insert: db.prepare('INSERT INTO results (job_id, seq, kind, kind_seq, bytes, entry) VALUES (?, ?, ?, ?, ?, ?)'),
      pageAll: db.prepare<[string, number, number], EntryRow>(
        'SELECT bytes, entry FROM results WHERE job_id = ? AND seq >= ? ORDER BY seq LIMIT ?',
      ),
      pageKind: db.prepare<[string, string, number, number], EntryRow>(
        'SELECT bytes, entry FROM results WHERE job_id = ? AND kind = ? AND kind_seq >= ? ORDER BY kind_seq LIMIT ?',
      ),
      drop: db.prepare('DELETE FROM results WHERE job_id = ?'),
    };
  }

  async append(jobId: string, entries: readonly ResultEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const serialised = entries.map((entry) => {
      const json = JSON.stringify(entry);
      return { kind: entry.kind, json, bytes: Buffer.byteLength(json, 'utf8') };
    });
    this.connection.write(() => {
      let seq = this.statements.lastSeq.get(jobId)?.last ?? -1;
      const kindSeqs = new Map<ResultKind, number>();
      for (const entry of serialised) {
        const kindSeq = (kindSeqs.get(entry.kind) ?? this.statements.lastKindSeq.get(jobId, entry.kind)?.last ?? -1) + 1;
        kindSeqs.set(entry.kind, kindSeq);
        this.statements.insert.run(jobId, ++seq, entry.kind, kindSeq, entry.bytes, entry.json);
      }
    });
  }

  async read(jobId: string, query: ResultQuery): Promise<ResultPage> {
    requireInteger('offset', query.offset, 0);
    requireInteger('maxCount', query.maxCount, 1);
    requireInteger('maxBytes', query.maxBytes, 1);
    // One row past the page tells whether anything follows it.
    const limit = query.maxCount + 1;
    const rows =
      query.kind === undefined
        ? this.statements.pageAll.iterate(jobId, query.offset, limit)
        : this.statements.pageKind.iterate(jobId, query.kind, query.offset, limit);
    const entries: ResultEntry[] = [];
    let bytes = 0;
    let more = false;
    for (const row of rows) {
      // The first entry always goes in, so a reader makes progress past an oversized one.
      if (entries.length === query.maxCount || (entries.length > 0 && bytes + row.bytes > query.maxBytes)) {
        more = true;
        break;
      }
      entries.push(JSON.parse(row.entry) as ResultEntry);
      bytes += row.bytes;
    }
    return { entries, next: more ? query.offset + entries.length : null };
  }

  async count(jobId: string, kind?: ResultKind): Promise<number> {
    const last = kind === undefined ? this.statements.lastSeq.get(jobId)?.last : this.statements.lastKindSeq.get(jobId, kind)?.last;
    return (last ?? -1) + 1;
  }

  /** Deletes the job's log; runs inside the job deletion's transaction. */
  drop(jobId: string): void {
    this.statements.drop.run(jobId);
  }
}

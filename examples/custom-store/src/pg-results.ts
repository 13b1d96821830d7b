import { Buffer } from 'node:buffer';
import type { ResultEntry, ResultKind, ResultLog, ResultPage, ResultQuery } from '@trawl/core/ports';
import type pg from 'pg';
import { inTransaction } from './schema.js';

const KINDS: readonly ResultKind[] = ['document', 'error', 'robots_blocked'];

export class PgResultLog implements ResultLog {
  constructor(private readonly pool: pg.Pool) {}

  async append(jobId: string, entries: readonly ResultEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const perKind = KINDS.map((kind) => entries.filter((entry) => entry.kind === kind).length);
    await inTransaction(this.pool, async (client) => {
      // Reserving positions locks the job's counter row until commit, so concurrent appends
      // queue up behind each other and each one's entries stay contiguous.
      const reserved = await client.query<Record<string, string>>(
        `INSERT INTO result_counts (job_id, all_count, document_count, error_count, robots_blocked_count)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (job_id) DO UPDATE SET all_count = result_counts.all_count + $2,
           document_count = result_counts.document_count + $3, error_count = result_counts.error_count + $4,
           robots_blocked_count = result_counts.robots_blocked_count + $5
         RETURNING all_count, document_count, error_count, robots_blocked_count`,
        [jobId, entries.length, ...perKind],
      );
      const counts = reserved.rows[0]!;
      let seq = Number(counts.all_count) - entries.length;
      const kindSeq = new Map(KINDS.map((kind, i) => [kind, Number(counts[`${kind}_count`]) - perKind[i]!]));
      for (const entry of entries) {
        const json = JSON.stringify(entry);
        const position = kindSeq.get(entry.kind)!;
        kindSeq.set(entry.kind, position + 1);
        await client.query('INSERT INTO results (job_id, seq, kind, kind_seq, bytes, entry) VALUES ($1, $2, $3, $4, $5, $6)', [
          jobId,
          seq++,
          entry.kind,
          position,
          Buffer.byteLength(json, 'utf8'),
          json,
        ]);
      }
    });
  }

  async read(jobId: string, query: ResultQuery): Promise<ResultPage> {
    if (!Number.isSafeInteger(query.offset) || query.offset < 0 || !(query.maxCount >= 1) || !(query.maxBytes >= 1)) {
      throw new RangeError('read needs offset >= 0, maxCount >= 1 and maxBytes >= 1');
    }
    // One row past the page tells whether anything follows it.
    const { rows } =
      query.kind === undefined
        ? await this.pool.query<{ bytes: number; entry: string }>(
            'SELECT bytes, entry FROM results WHERE job_id = $1 AND seq >= $2 ORDER BY seq LIMIT $3',
            [jobId, query.offset, query.maxCount + 1],
          )
        : await this.pool.query<{ bytes: number; entry: string }>(
            'SELECT bytes, entry FROM results WHERE job_id = $1 AND kind = $2 AND kind_seq >= $3 ORDER BY kind_seq LIMIT $4',
            [jobId, query.kind, query.offset, query.maxCount + 1],
          );
    const entries: ResultEntry[] = [];
    let bytes = 0;
    for (const row of rows) {
      // The first entry always goes in, so a reader makes progress past an oversized one.
      if (entries.length === query.maxCount || (entries.length > 0 && bytes + row.bytes > query.maxBytes)) break;
      entries.push(JSON.parse(row.entry) as ResultEntry);
      bytes += row.bytes;
    }
    return { entries, next: entries.length < rows.length ? query.offset + entries.length : null };
  }

  async count(jobId: string, kind?: ResultKind): Promise<number> {
    const column = kind === undefined ? 'all_count' : `${kind}_count`;
    if (kind !== undefined && !KINDS.includes(kind)) throw new RangeError(`unknown result kind ${String(kind)}`);
    const { rows } = await this.pool.query<{ n: string }>(`SELECT ${column} AS n FROM result_counts WHERE job_id = $1`, [jobId]);
    return Number(rows[0]?.n ?? 0);
  }
}

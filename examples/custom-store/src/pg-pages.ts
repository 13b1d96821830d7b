import { requireSnapshot, type PageMemory, type PageSnapshot } from '@trawl/core/ports';
import type pg from 'pg';
import { inTransaction } from './schema.js';

/** Snapshots as JSON text; a remember locks its team's count row, so swap and trim are one step. */
export class PgPageMemory implements PageMemory {
  constructor(private readonly pool: pg.Pool) {}

  async recall(teamId: string, key: string): Promise<PageSnapshot | null> {
    const { rows } = await this.pool.query<{ snapshot: string }>('SELECT snapshot FROM page_snapshots WHERE team_id = $1 AND key = $2', [
      teamId,
      key,
    ]);
    return rows[0] ? (JSON.parse(rows[0].snapshot) as PageSnapshot) : null;
  }

  async remember(snapshot: PageSnapshot, options: { keep: number }): Promise<PageSnapshot | null> {
    requireSnapshot(snapshot, options.keep);
    const { teamId, key } = snapshot;
    return inTransaction(this.pool, async (client) => {
      await client.query('INSERT INTO page_snapshot_counts (team_id, count) VALUES ($1, 0) ON CONFLICT (team_id) DO NOTHING', [teamId]);
      await client.query('SELECT count FROM page_snapshot_counts WHERE team_id = $1 FOR UPDATE', [teamId]);
      const previous = await client.query<{ snapshot: string }>('SELECT snapshot FROM page_snapshots WHERE team_id = $1 AND key = $2', [
        teamId,
        key,
      ]);
      await client.query(
        `INSERT INTO page_snapshots (team_id, key, scraped_at, snapshot) VALUES ($1, $2, $3, $4)
         ON CONFLICT (team_id, key) DO UPDATE SET scraped_at = excluded.scraped_at, snapshot = excluded.snapshot`,
        [teamId, key, snapshot.scrapedAt, JSON.stringify(snapshot)],
      );
      const { rows } = await client.query<{ count: string }>(
        'UPDATE page_snapshot_counts SET count = count + $2 WHERE team_id = $1 RETURNING count',
        [teamId, previous.rows[0] ? 0 : 1],
      );
      const excess = Number(rows[0]!.count) - options.keep;
      if (excess > 0) {
        await client.query(
          `DELETE FROM page_snapshots WHERE (team_id, key) IN
             (SELECT team_id, key FROM page_snapshots WHERE team_id = $1 ORDER BY scraped_at LIMIT $2)`,
          [teamId, excess],
        );
        await client.query('UPDATE page_snapshot_counts SET count = $2 WHERE team_id = $1', [teamId, options.keep]);
      }
      return previous.rows[0] ? (JSON.parse(previous.rows[0].snapshot) as PageSnapshot) : null;
    });
  }
}

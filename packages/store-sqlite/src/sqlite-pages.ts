import type { PageMemory, PageSnapshot } from '@trawl/core/ports';
import type { Connection } from './connection.js';
import { requireSnapshot } from './validate.js';

/**
 * Snapshots as JSON text keyed by team and key, with a count per team so trimming to `keep`
 * needs no COUNT(*). The swap and the trim run in one write.
 */
export class SqlitePageMemory implements PageMemory {
  private readonly statements;

  constructor(private readonly connection: Connection) {
    const db = connection.db;
    this.statements = {
      recall: db.prepare<[string, string], { snapshot: string }>('SELECT snapshot FROM page_snapshots WHERE team_id = ? AND key = ?'),
      upsert: db.prepare(
        `INSERT INTO page_snapshots (team_id, key, scraped_at, snapshot) VALUES (?, ?, ?, ?)
         ON CONFLICT (team_id, key) DO UPDATE SET scraped_at = excluded.scraped_at, snapshot = excluded.snapshot`,
      ),
      bump: db.prepare(
        `INSERT INTO page_snapshot_counts (team_id, count) VALUES (?, 1)
         ON CONFLICT (team_id) DO UPDATE SET count = count + 1`,
      ),
      count: db.prepare<[string], { count: number }>('SELECT count FROM page_snapshot_counts WHERE team_id = ?'),
      trim: db.prepare(
        `DELETE FROM page_snapshots WHERE rowid IN
           (SELECT rowid FROM page_snapshots WHERE team_id = ? ORDER BY scraped_at LIMIT ?)`,
      ),
      setCount: db.prepare('UPDATE page_snapshot_counts SET count = ? WHERE team_id = ?'),
    };
  }

  async recall(teamId: string, key: string): Promise<PageSnapshot | null> {
    const row = this.statements.recall.get(teamId, key);
    return row ? (JSON.parse(row.snapshot) as PageSnapshot) : null;
  }

  async remember(snapshot: PageSnapshot, options: { keep: number }): Promise<PageSnapshot | null> {
    requireSnapshot(snapshot, options.keep);
    const s = this.statements;
    return this.connection.write(() => {
      const previous = s.recall.get(snapshot.teamId, snapshot.key);
      s.upsert.run(snapshot.teamId, snapshot.key, snapshot.scrapedAt, JSON.stringify(snapshot));
      if (!previous) s.bump.run(snapshot.teamId);
      const count = s.count.get(snapshot.teamId)?.count ?? 0;
      if (count > options.keep) {
        s.trim.run(snapshot.teamId, count - options.keep);
        s.setCount.run(options.keep, snapshot.teamId);
      }
      return previous ? (JSON.parse(previous.snapshot) as PageSnapshot) : null;
    });
  }
}

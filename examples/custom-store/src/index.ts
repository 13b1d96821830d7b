import type { Store } from '@trawl/core/ports';
import pg from 'pg';
import { PgFrontier } from './pg-frontier.js';
import { PgJobRepo } from './pg-jobs.js';
import { PgMonitorRepo } from './pg-monitors.js';
import { PgPageMemory } from './pg-pages.js';
import { PgResultLog } from './pg-results.js';
import { createSchema } from './schema.js';
import { PgTeamLedger } from './pg-teams.js';

export interface PostgresStoreOptions {
  /** e.g. `postgres://user@127.0.0.1:5432/trawl` */
  connectionString: string;
  /** The PostgreSQL schema holding the tables (default `trawl`), created when missing. */
  schema?: string;
  /** The store's clock (default `Date.now`). */
  now?: () => number;
}

/** A Trawl Store on PostgreSQL: every method is one statement or one short transaction. */
export async function createPostgresStore(options: PostgresStoreOptions): Promise<Store> {
  const schema = options.schema ?? 'trawl';
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new RangeError(`schema must be a plain SQL name, got ${schema}`);
  const now = options.now ?? Date.now;
  // Every pooled connection looks in our schema first.
  const pool = new pg.Pool({ connectionString: options.connectionString, max: 10, options: `-c search_path=${schema}` });
  try {
    await createSchema(pool, schema);
  } catch (error) {
    await pool.end();
    throw error;
  }
  let closed = false;
  return {
    jobs: new PgJobRepo(pool, now),
    results: new PgResultLog(pool),
    frontier: new PgFrontier(pool, now),
    teams: new PgTeamLedger(pool, now),
    pages: new PgPageMemory(pool),
    monitors: new PgMonitorRepo(pool, now),
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

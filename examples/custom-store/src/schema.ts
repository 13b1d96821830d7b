import type pg from 'pg';

/**
 * The tables, created when missing. A real deployment would version its schema (see the SQLite
 * store's migrations); an example keeps to one idempotent script.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS jobs (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  team_id TEXT NOT NULL,
  status TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  total BIGINT NOT NULL DEFAULT 0,
  completed BIGINT NOT NULL DEFAULT 0,
  failed BIGINT NOT NULL DEFAULT 0,
  credits_used BIGINT NOT NULL DEFAULT 0,
  kickoff_finished BOOLEAN NOT NULL DEFAULT false,
  options TEXT,
  error TEXT,
  output TEXT
);
CREATE INDEX IF NOT EXISTS jobs_by_expiry ON jobs (expires_at);
CREATE INDEX IF NOT EXISTS jobs_running_by_team ON jobs (team_id, kind, created_at) WHERE status = 'scraping';
CREATE INDEX IF NOT EXISTS jobs_by_team ON jobs (team_id, kind, created_at, id);

-- How many entries each job's log holds, in all and per kind: appends reserve positions here.
CREATE TABLE IF NOT EXISTS result_counts (
  job_id TEXT PRIMARY KEY,
  all_count BIGINT NOT NULL DEFAULT 0,
  document_count BIGINT NOT NULL DEFAULT 0,
  error_count BIGINT NOT NULL DEFAULT 0,
  robots_blocked_count BIGINT NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS results (
  job_id TEXT NOT NULL,
  seq BIGINT NOT NULL,
  kind TEXT NOT NULL,
  kind_seq BIGINT NOT NULL,
  bytes INTEGER NOT NULL,
  entry TEXT NOT NULL,
  PRIMARY KEY (job_id, seq)
);
CREATE UNIQUE INDEX IF NOT EXISTS results_by_kind ON results (job_id, kind, kind_seq);

-- state: 0 ready, 1 delayed, 2 leased, 3 done.
CREATE TABLE IF NOT EXISTS frontier_items (
  job_id TEXT NOT NULL,
  key TEXT NOT NULL,
  seq BIGSERIAL,
  url TEXT NOT NULL,
  depth INTEGER NOT NULL,
  data TEXT,
  attempt INTEGER NOT NULL DEFAULT 0,
  state SMALLINT NOT NULL DEFAULT 0,
  not_before BIGINT NOT NULL DEFAULT 0,
  deadline BIGINT NOT NULL DEFAULT 0,
  lease_id TEXT,
  PRIMARY KEY (job_id, key)
);
CREATE INDEX IF NOT EXISTS frontier_ready_by_job ON frontier_items (job_id, seq) WHERE state = 0;
CREATE INDEX IF NOT EXISTS frontier_ready ON frontier_items (seq) WHERE state = 0;
CREATE INDEX IF NOT EXISTS frontier_delayed ON frontier_items (not_before) WHERE state = 1;
CREATE INDEX IF NOT EXISTS frontier_leased ON frontier_items (deadline) WHERE state = 2;
CREATE INDEX IF NOT EXISTS frontier_open ON frontier_items (job_id) WHERE state < 3;
-- Keys ever accepted per job and the places they hold under its limit; the row is also the lock
-- that makes dedupe and limit atomic.
CREATE TABLE IF NOT EXISTS frontier_jobs (job_id TEXT PRIMARY KEY, seen BIGINT NOT NULL DEFAULT 0);
ALTER TABLE frontier_jobs ADD COLUMN IF NOT EXISTS places BIGINT NOT NULL DEFAULT 0;

CREATE TABLE IF NOT EXISTS team_credits (team_id TEXT PRIMARY KEY, credits DOUBLE PRECISION NOT NULL);
CREATE TABLE IF NOT EXISTS rate_windows (key TEXT PRIMARY KEY, window_end BIGINT NOT NULL, count INTEGER NOT NULL);
-- Credits and LLM tokens per team, period and API key ('' for none: a key label never is empty).
CREATE TABLE IF NOT EXISTS team_usage (
  team_id TEXT NOT NULL,
  period BIGINT NOT NULL,
  api_key TEXT NOT NULL,
  credits DOUBLE PRECISION NOT NULL DEFAULT 0,
  input_tokens BIGINT NOT NULL DEFAULT 0,
  output_tokens BIGINT NOT NULL DEFAULT 0,
  total_tokens BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (team_id, period, api_key)
);
-- Credit holds kept by id until settled (state 'settled' or 'reclaimed' kept 7 days, so a settle
-- tried again changes nothing), each with the process that took it; the owners' lease ends; the
-- usage adds counted once per settlement id.
CREATE TABLE IF NOT EXISTS credit_holds (
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL,
  amount DOUBLE PRECISION NOT NULL,
  owner TEXT,
  state TEXT NOT NULL,
  done_at BIGINT
);
CREATE INDEX IF NOT EXISTS credit_holds_open ON credit_holds (owner) WHERE state = 'open';
CREATE INDEX IF NOT EXISTS credit_holds_done ON credit_holds (done_at) WHERE state <> 'open';
CREATE TABLE IF NOT EXISTS hold_owners (id TEXT PRIMARY KEY, alive_until BIGINT NOT NULL);
CREATE TABLE IF NOT EXISTS usage_once (id TEXT PRIMARY KEY, added_at BIGINT NOT NULL);
CREATE INDEX IF NOT EXISTS usage_once_by_age ON usage_once (added_at);

-- Page memory: the last scrape per team and key (JSON text: PostgreSQL text refuses raw NUL, JSON escapes it).
CREATE TABLE IF NOT EXISTS page_snapshots (
  team_id TEXT NOT NULL,
  key TEXT NOT NULL,
  scraped_at BIGINT NOT NULL,
  snapshot TEXT NOT NULL,
  PRIMARY KEY (team_id, key)
);
CREATE INDEX IF NOT EXISTS page_snapshots_by_age ON page_snapshots (team_id, scraped_at);
-- One row per team: its lock serialises a team's remembers, its count spares a COUNT(*).
CREATE TABLE IF NOT EXISTS page_snapshot_counts (team_id TEXT PRIMARY KEY, count BIGINT NOT NULL);

CREATE TABLE IF NOT EXISTS monitors (
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  next_run_at BIGINT,
  claim_token TEXT,
  claim_deadline BIGINT NOT NULL DEFAULT 0,
  spec TEXT,
  state TEXT
);
CREATE INDEX IF NOT EXISTS monitors_by_team ON monitors (team_id, created_at, id);
CREATE INDEX IF NOT EXISTS monitors_due ON monitors (next_run_at) WHERE next_run_at IS NOT NULL;
CREATE TABLE IF NOT EXISTS monitor_checks (
  monitor_id TEXT NOT NULL,
  id TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  body TEXT NOT NULL,
  PRIMARY KEY (monitor_id, id)
);
CREATE INDEX IF NOT EXISTS monitor_checks_by_age ON monitor_checks (monitor_id, created_at, id);
ALTER TABLE monitor_checks ADD COLUMN IF NOT EXISTS expires_at BIGINT;
CREATE INDEX IF NOT EXISTS monitor_checks_by_expiry ON monitor_checks (expires_at) WHERE expires_at IS NOT NULL;
CREATE TABLE IF NOT EXISTS monitor_events (
  id TEXT PRIMARY KEY,
  monitor_id TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  event TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS monitor_events_by_age ON monitor_events (created_at, id);
`;

export async function createSchema(pool: pg.Pool, schema: string): Promise<void> {
  const client = await pool.connect();
  try {
    // One creator at a time, so two processes starting together do not race on CREATE.
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [`trawl-schema:${schema}`]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await client.query(`SET search_path TO "${schema}"`);
    await client.query(SCHEMA);
  } finally {
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', [`trawl-schema:${schema}`]).catch(() => {});
    client.release();
  }
}

/** Runs `work` in one transaction on one pooled connection. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

import type { Database } from 'better-sqlite3';

/**
 * The schema, one step per version. A database records the versions applied in
 * `schema_migrations`; opening it applies the missing steps in order, each in its own
 * transaction. Never edit a released step: add a new one.
 */
const MIGRATIONS: ReadonlyArray<{ version: number; sql: string }> = [
  {
    version: 1,
    sql: `
      CREATE TABLE jobs (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        team_id TEXT NOT NULL,
        status TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        total INTEGER NOT NULL DEFAULT 0,
        completed INTEGER NOT NULL DEFAULT 0,
        failed INTEGER NOT NULL DEFAULT 0,
        credits_used INTEGER NOT NULL DEFAULT 0,
        kickoff_finished INTEGER NOT NULL DEFAULT 0,
        options TEXT,
        error TEXT,
        output TEXT
      );
      CREATE INDEX jobs_by_expiry ON jobs (expires_at);

      -- seq orders all entries of a job; kind_seq orders the entries of one kind.
      CREATE TABLE results (
        job_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        kind TEXT NOT NULL,
        kind_seq INTEGER NOT NULL,
        bytes INTEGER NOT NULL,
        entry TEXT NOT NULL
      );
      CREATE UNIQUE INDEX results_by_seq ON results (job_id, seq);
      CREATE UNIQUE INDEX results_by_kind ON results (job_id, kind, kind_seq);

      -- state: 0 ready, 1 delayed, 2 leased, 3 done. Done rows stay (without url and data) for dedupe.
      CREATE TABLE frontier_items (
        job_id TEXT NOT NULL,
        key TEXT NOT NULL,
        seq INTEGER NOT NULL,
        url TEXT,
        depth INTEGER NOT NULL,
        data TEXT,
        attempt INTEGER NOT NULL DEFAULT 0,
        state INTEGER NOT NULL DEFAULT 0,
        not_before INTEGER NOT NULL DEFAULT 0,
        deadline INTEGER NOT NULL DEFAULT 0,
        lease_id TEXT,
        PRIMARY KEY (job_id, key)
      );
      CREATE INDEX frontier_ready_by_job ON frontier_items (job_id, seq) WHERE state = 0;
      CREATE INDEX frontier_ready ON frontier_items (seq) WHERE state = 0;
      CREATE INDEX frontier_delayed ON frontier_items (not_before) WHERE state = 1;
      CREATE INDEX frontier_leased ON frontier_items (deadline) WHERE state = 2;

      -- Per-job tallies, so stats and isDrained never count rows.
      CREATE TABLE frontier_jobs (
        job_id TEXT PRIMARY KEY,
        seen INTEGER NOT NULL DEFAULT 0,
        leased INTEGER NOT NULL DEFAULT 0,
        done INTEGER NOT NULL DEFAULT 0
      );

      CREATE TABLE counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL);

      CREATE TABLE team_credits (team_id TEXT PRIMARY KEY, credits REAL NOT NULL);
      CREATE TABLE rate_windows (key TEXT PRIMARY KEY, window_end INTEGER NOT NULL, count INTEGER NOT NULL);
      CREATE INDEX rate_windows_by_end ON rate_windows (window_end);
    `,
  },
  {
    version: 2,
    // A team's running jobs, for listRunning (v2's GET /v2/crawl/active).
    sql: `CREATE INDEX jobs_running_by_team ON jobs (team_id, kind, created_at) WHERE status = 'scraping';`,
  },
  {
    version: 3,
    // Credits and LLM tokens per team, period and API key ('' for a request without one), for the usage history.
    sql: `
      CREATE TABLE team_usage (
        team_id TEXT NOT NULL,
        period INTEGER NOT NULL,
        api_key TEXT NOT NULL,
        credits REAL NOT NULL DEFAULT 0,
        input_tokens INTEGER NOT NULL DEFAULT 0,
        output_tokens INTEGER NOT NULL DEFAULT 0,
        total_tokens INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (team_id, period, api_key)
      );
    `,
  },
  {
    version: 4,
    // Page memory (the last scrape per team and key) and monitors with their checks (issue 19).
    sql: `
      CREATE TABLE page_snapshots (
        team_id TEXT NOT NULL,
        key TEXT NOT NULL,
        scraped_at INTEGER NOT NULL,
        snapshot TEXT NOT NULL,
        PRIMARY KEY (team_id, key)
      );
      CREATE INDEX page_snapshots_by_age ON page_snapshots (team_id, scraped_at);
      CREATE TABLE page_snapshot_counts (team_id TEXT PRIMARY KEY, count INTEGER NOT NULL);

      CREATE TABLE monitors (
        id TEXT PRIMARY KEY,
        team_id TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        next_run_at INTEGER,
        claim_token TEXT,
        claim_deadline INTEGER NOT NULL DEFAULT 0,
        spec TEXT,
        state TEXT
      );
      CREATE INDEX monitors_by_team ON monitors (team_id, created_at, id);
      CREATE INDEX monitors_due ON monitors (next_run_at) WHERE next_run_at IS NOT NULL;
      CREATE TABLE monitor_checks (
        monitor_id TEXT NOT NULL,
        id TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        body TEXT NOT NULL,
        PRIMARY KEY (monitor_id, id)
      );
      CREATE INDEX monitor_checks_by_age ON monitor_checks (monitor_id, created_at, id);
    `,
  },
  {
    version: 5,
    // Monitor checks expire (the sweeper drops them without a new check); the outbox of monitor
    // webhook events, written with the check that caused them and deleted once delivered.
    sql: `
      ALTER TABLE monitor_checks ADD COLUMN expires_at INTEGER;
      CREATE INDEX monitor_checks_by_expiry ON monitor_checks (expires_at) WHERE expires_at IS NOT NULL;
      CREATE TABLE monitor_events (
        id TEXT PRIMARY KEY,
        monitor_id TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        event TEXT NOT NULL
      );
      CREATE INDEX monitor_events_by_age ON monitor_events (created_at, id);
    `,
  },
  {
    version: 6,
    // The places a job's keys hold under its limit (keys accepted without a limit hold none). A job
    // enqueued before this version counts every key it saw, which can only make its limit stricter.
    // disk_probe: where a full database looks whether room came back (disk-room.ts); always empty.
    sql: `
      ALTER TABLE frontier_jobs ADD COLUMN places INTEGER NOT NULL DEFAULT 0;
      UPDATE frontier_jobs SET places = seen;
      CREATE TABLE disk_probe (id INTEGER PRIMARY KEY, room BLOB NOT NULL);
    `,
  },
  {
    version: 7,
    // A team's jobs of one kind, newest first, for listByTeam (v2's GET /v2/agent).
    sql: `CREATE INDEX jobs_by_team ON jobs (team_id, kind, created_at, id);`,
  },
  {
    version: 8,
    // Credit holds kept by id until settled (and 7 days after, so a settle tried again changes
    // nothing), each with the process that took it: a stopped owner's open holds are reclaimed.
    // usage_once: the usage adds counted once per settlement id.
    sql: `
      CREATE TABLE credit_holds (
        id TEXT PRIMARY KEY,
        team_id TEXT NOT NULL,
        amount REAL NOT NULL,
        owner TEXT,
        state TEXT NOT NULL,
        done_at INTEGER
      );
      CREATE INDEX credit_holds_open ON credit_holds (owner) WHERE state = 'open';
      CREATE INDEX credit_holds_done ON credit_holds (done_at) WHERE state <> 'open';
      CREATE TABLE hold_owners (id TEXT PRIMARY KEY, alive_until INTEGER NOT NULL);
      CREATE TABLE usage_once (id TEXT PRIMARY KEY, added_at INTEGER NOT NULL);
      CREATE INDEX usage_once_by_age ON usage_once (added_at);
    `,
  },
];

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;

/** Brings the schema up to date; refuses a database written by a newer Trawl. */
export function migrate(db: Database): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)');
  const applyAll = db.transaction(() => {
    // Read inside the (immediate) transaction, so two processes opening one new file migrate once.
    const current = (db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get() as { v: number | null }).v ?? 0;
    if (current > SCHEMA_VERSION) {
      throw new Error(`The database has schema version ${current}; this @trawl/store-sqlite knows up to ${SCHEMA_VERSION}. Upgrade Trawl.`);
    }
    for (const step of MIGRATIONS) {
      if (step.version <= current) continue;
      db.exec(step.sql);
      db.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)').run(step.version, Date.now());
    }
  });
  applyAll.immediate();
}

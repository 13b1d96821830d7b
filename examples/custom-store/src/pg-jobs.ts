import type { CounterDelta, JobKind, JobListQuery, JobPatch, JobRecord, JobRepo, JobStatus, NewJob, OpaqueJson } from '@trawl/core/ports';
import type pg from 'pg';
import { inTransaction } from './schema.js';

interface JobRow {
  id: string;
  kind: JobRecord['kind'];
  team_id: string;
  status: JobStatus;
  created_at: string;
  updated_at: string;
  expires_at: string;
  total: string;
  completed: string;
  failed: string;
  credits_used: string;
  kickoff_finished: boolean;
  options: string | null;
  error: string | null;
  output: string | null;
}

// BIGINT columns arrive as strings (pg keeps 64-bit integers exact); epoch ms fit a JS number.
function toRecord(row: JobRow): JobRecord {
  const record: JobRecord = {
    id: row.id,
    kind: row.kind,
    teamId: row.team_id,
    status: row.status,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    expiresAt: Number(row.expires_at),
    counters: {
      total: Number(row.total),
      completed: Number(row.completed),
      failed: Number(row.failed),
      creditsUsed: Number(row.credits_used),
    },
    kickoffFinished: row.kickoff_finished,
    options: row.options === null ? undefined : (JSON.parse(row.options) as OpaqueJson),
  };
  if (row.error !== null) record.error = JSON.parse(row.error) as JobRecord['error'];
  if (row.output !== null) record.output = JSON.parse(row.output) as OpaqueJson;
  return record;
}

const first = (result: pg.QueryResult<JobRow>) => (result.rows[0] ? toRecord(result.rows[0]) : null);

export class PgJobRepo implements JobRepo {
  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => number,
  ) {}

  async create(job: NewJob): Promise<JobRecord | null> {
    const options = job.options === undefined ? null : JSON.stringify(job.options);
    return first(
      await this.pool.query<JobRow>(
        `INSERT INTO jobs (id, kind, team_id, status, created_at, updated_at, expires_at, options)
         VALUES ($1, $2, $3, 'scraping', $4, $4, $5, $6) ON CONFLICT (id) DO NOTHING RETURNING *`,
        [job.id, job.kind, job.teamId, job.createdAt, job.expiresAt, options],
      ),
    );
  }

  async get(id: string): Promise<JobRecord | null> {
    return first(await this.pool.query<JobRow>('SELECT * FROM jobs WHERE id = $1 AND expires_at > $2', [id, this.now()]));
  }

  async setStatus(id: string, from: JobStatus | readonly JobStatus[], to: JobStatus, patch: JobPatch = {}): Promise<JobRecord | null> {
    const expected = typeof from === 'string' ? [from] : [...from];
    const now = this.now();
    // The WHERE clause is the compare, the SET the swap: one statement, so one winner.
    return first(
      await this.pool.query<JobRow>(
        `UPDATE jobs SET status = $3, updated_at = $2,
           error = COALESCE($5, error), output = COALESCE($6, output),
           kickoff_finished = COALESCE($7, kickoff_finished), expires_at = COALESCE($8, expires_at)
         WHERE id = $1 AND expires_at > $2 AND status = ANY($4) RETURNING *`,
        [
          id,
          now,
          to,
          expected,
          patch.error === undefined ? null : JSON.stringify(patch.error),
          patch.output === undefined ? null : JSON.stringify(patch.output),
          patch.kickoffFinished ?? null,
          patch.expiresAt ?? null,
        ],
      ),
    );
  }

  async increment(id: string, delta: CounterDelta): Promise<JobRecord | null> {
    for (const amount of Object.values(delta)) {
      if (!Number.isSafeInteger(amount)) throw new RangeError(`counter deltas must be integers, got ${String(amount)}`);
    }
    const now = this.now();
    return first(
      await this.pool.query<JobRow>(
        `UPDATE jobs SET total = total + $3, completed = completed + $4, failed = failed + $5,
           credits_used = credits_used + $6, updated_at = $2
         WHERE id = $1 AND expires_at > $2 RETURNING *`,
        [id, now, delta.total ?? 0, delta.completed ?? 0, delta.failed ?? 0, delta.creditsUsed ?? 0],
      ),
    );
  }

  async saveOutput(id: string, output: OpaqueJson): Promise<JobRecord | null> {
    const now = this.now();
    return first(
      await this.pool.query<JobRow>('UPDATE jobs SET output = $3, updated_at = $2 WHERE id = $1 AND expires_at > $2 RETURNING *', [
        id,
        now,
        output === undefined ? null : JSON.stringify(output),
      ]),
    );
  }

  async listRunning(query: { teamId: string; kind: JobKind; limit: number }): Promise<JobRecord[]> {
    const result = await this.pool.query<JobRow>(
      `SELECT * FROM jobs WHERE team_id = $1 AND kind = $2 AND status = 'scraping' AND expires_at > $3 ORDER BY created_at, id LIMIT $4`,
      [query.teamId, query.kind, this.now(), query.limit],
    );
    return result.rows.map(toRecord);
  }

  async listByTeam(query: JobListQuery): Promise<JobRecord[]> {
    // Ids compare with COLLATE "C" (bytes), as the other stores and the id cursor order them.
    const result = await this.pool.query<JobRow>(
      `SELECT * FROM jobs WHERE team_id = $1 AND kind = $2 AND (created_at < $3 OR (created_at = $3 AND id COLLATE "C" < $4))
         AND expires_at > $5 ORDER BY created_at DESC, id COLLATE "C" DESC LIMIT $6`,
      [query.teamId, query.kind, query.before ?? Number.MAX_SAFE_INTEGER, query.beforeId ?? '', this.now(), query.limit],
    );
    return result.rows.map(toRecord);
  }

  async listExpired(query: { before: number; limit: number }): Promise<string[]> {
    const result = await this.pool.query<{ id: string }>('SELECT id FROM jobs WHERE expires_at <= $1 LIMIT $2', [
      query.before,
      query.limit,
    ]);
    return result.rows.map((row) => row.id);
  }

  async delete(id: string): Promise<boolean> {
    return inTransaction(this.pool, async (client) => {
      const deleted = await client.query('DELETE FROM jobs WHERE id = $1', [id]);
      for (const table of ['results', 'result_counts', 'frontier_items', 'frontier_jobs']) {
        await client.query(`DELETE FROM ${table} WHERE job_id = $1`, [id]);
      }
      return (deleted.rowCount ?? 0) > 0;
    });
  }
}

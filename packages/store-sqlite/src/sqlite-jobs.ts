import type { CounterDelta, JobKind, JobListQuery, JobPatch, JobRecord, JobRepo, JobStatus, NewJob, OpaqueJson } from '@trawl/core/ports';
import type { Statement } from 'better-sqlite3';
import type { Connection } from './connection.js';
import { fromJsonText, requireInteger, toJsonText } from './validate.js';

interface JobRow {
  id: string;
  kind: JobKind;
  team_id: string;
  status: JobStatus;
  created_at: number;
  updated_at: number;
  expires_at: number;
  total: number;
  completed: number;
  failed: number;
  credits_used: number;
  kickoff_finished: number;
  options: string | null;
  error: string | null;
  output: string | null;
}

function toRecord(row: JobRow): JobRecord {
  const record: JobRecord = {
    id: row.id,
    kind: row.kind,
    teamId: row.team_id,
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    expiresAt: row.expires_at,
    counters: { total: row.total, completed: row.completed, failed: row.failed, creditsUsed: row.credits_used },
    kickoffFinished: row.kickoff_finished === 1,
    options: fromJsonText(row.options),
  };
  if (row.error !== null) record.error = JSON.parse(row.error) as JobRecord['error'];
  if (row.output !== null) record.output = JSON.parse(row.output) as OpaqueJson;
  return record;
}

const COUNTERS = [
  ['total', 'total'],
  ['completed', 'completed'],
  ['failed', 'failed'],
  ['creditsUsed', 'credits_used'],
] as const;

/** Job records in one table. Conditional UPDATEs make compare-and-set and increments atomic. */
export class SqliteJobRepo implements JobRepo {
  private readonly statements;
  /** setStatus statements by shape (patched fields, number of expected statuses). */
  private readonly casStatements = new Map<string, Statement>();

  constructor(
    private readonly connection: Connection,
    private readonly now: () => number,
    /** Deletes the job's results and frontier in the same transaction as its record. */
    private readonly dropJobData: (id: string) => void,
  ) {
    const db = connection.db;
    this.statements = {
      insert: db.prepare(
        `INSERT OR IGNORE INTO jobs (id, kind, team_id, status, created_at, updated_at, expires_at, options)
         VALUES (@id, @kind, @teamId, 'scraping', @createdAt, @createdAt, @expiresAt, @options)`,
      ),
      live: db.prepare<[string, number], JobRow>('SELECT * FROM jobs WHERE id = ? AND expires_at > ?'),
      byId: db.prepare<[string], JobRow>('SELECT * FROM jobs WHERE id = ?'),
      increment: db.prepare(
        `UPDATE jobs SET total = total + @total, completed = completed + @completed, failed = failed + @failed,
           credits_used = credits_used + @creditsUsed, updated_at = @now WHERE id = @id AND expires_at > @now`,
      ),
      saveOutput: db.prepare('UPDATE jobs SET output = ?, updated_at = ? WHERE id = ? AND expires_at > ?'),
      expired: db.prepare<[number, number], { id: string }>('SELECT id FROM jobs WHERE expires_at <= ? LIMIT ?'),
      running: db.prepare<[string, string, number, number], JobRow>(
        `SELECT * FROM jobs WHERE team_id = ? AND kind = ? AND status = 'scraping' AND expires_at > ? ORDER BY created_at, id LIMIT ?`,
      ),
      byTeam: db.prepare<[string, string, number, number, string, number, number], JobRow>(
        `SELECT * FROM jobs WHERE team_id = ? AND kind = ? AND (created_at < ? OR (created_at = ? AND id < ?)) AND expires_at > ? ORDER BY created_at DESC, id DESC LIMIT ?`,
      ),
      delete: db.prepare('DELETE FROM jobs WHERE id = ?'),
    };
  }

  async create(job: NewJob): Promise<JobRecord | null> {
    return this.connection.write(() => {
      const inserted = this.statements.insert.run({
        id: job.id,
        kind: job.kind,
        teamId: job.teamId,
        createdAt: job.createdAt,
        expiresAt: job.expiresAt,
        options: toJsonText(job.options),
      });
      if (inserted.changes === 0) return null;
      return this.byId(job.id);
    });
  }

  async get(id: string): Promise<JobRecord | null> {
    return this.read(id, this.now());
  }

  async setStatus(id: string, from: JobStatus | readonly JobStatus[], to: JobStatus, patch: JobPatch = {}): Promise<JobRecord | null> {
    const expected: readonly JobStatus[] = typeof from === 'string' ? [from] : from;
    if (expected.length === 0) return null;
    const now = this.now();
    const fields: Array<[column: string, value: unknown]> = [
      ['status', to],
      ['updated_at', now],
    ];
    if (patch.error !== undefined) fields.push(['error', JSON.stringify(patch.error)]);
    if (patch.output !== undefined) fields.push(['output', JSON.stringify(patch.output)]);
    if (patch.kickoffFinished !== undefined) fields.push(['kickoff_finished', patch.kickoffFinished ? 1 : 0]);
    if (patch.expiresAt !== undefined) fields.push(['expires_at', patch.expiresAt]);
    const statement = this.casStatement(
      fields.map(([column]) => column),
      expected.length,
    );
    return this.connection.write(() => {
      const changed = statement.run(...fields.map(([, value]) => value), id, now, ...expected).changes;
      return changed === 0 ? null : this.byId(id);
    });
  }

  async increment(id: string, delta: CounterDelta): Promise<JobRecord | null> {
    const amounts: Record<string, number> = { id: 0 };
    for (const [name] of COUNTERS) {
      const amount = delta[name] ?? 0;
      requireInteger(`delta.${name}`, amount, Number.MIN_SAFE_INTEGER);
      amounts[name] = amount;
    }
    const now = this.now();
    return this.connection.write(() => {
      const changed = this.statements.increment.run({ ...amounts, id, now }).changes;
      return changed === 0 ? null : this.byId(id);
    });
  }

  async saveOutput(id: string, output: OpaqueJson): Promise<JobRecord | null> {
    const now = this.now();
    return this.connection.write(() => {
      const changed = this.statements.saveOutput.run(toJsonText(output), now, id, now).changes;
      return changed === 0 ? null : this.byId(id);
    });
  }

  async listRunning(query: { teamId: string; kind: JobKind; limit: number }): Promise<JobRecord[]> {
    requireInteger('limit', query.limit, 1);
    return this.statements.running.all(query.teamId, query.kind, this.now(), query.limit).map(toRecord);
  }

  async listByTeam(query: JobListQuery): Promise<JobRecord[]> {
    requireInteger('limit', query.limit, 1);
    // A number SQLite compares as larger than any createdAt when no bound is given; no id is below ''.
    const before = query.before ?? Number.MAX_SAFE_INTEGER;
    const beforeId = query.beforeId ?? '';
    return this.statements.byTeam.all(query.teamId, query.kind, before, before, beforeId, this.now(), query.limit).map(toRecord);
  }

  async listExpired(query: { before: number; limit: number }): Promise<string[]> {
    requireInteger('limit', query.limit, 1);
    return this.statements.expired.all(query.before, query.limit).map((row) => row.id);
  }

  async delete(id: string): Promise<boolean> {
    return this.connection.write(() => {
      const existed = this.statements.delete.run(id).changes > 0;
      this.dropJobData(id);
      return existed;
    });
  }

  private read(id: string, now: number): JobRecord | null {
    const row = this.statements.live.get(id, now);
    return row ? toRecord(row) : null;
  }

  /** The record as just written in this transaction (expiry was checked by the write itself). */
  private byId(id: string): JobRecord | null {
    const row = this.statements.byId.get(id);
    return row ? toRecord(row) : null;
  }

  private casStatement(columns: readonly string[], expectedCount: number): Statement {
    const shape = `${columns.join(',')}/${expectedCount}`;
    let statement = this.casStatements.get(shape);
    if (!statement) {
      const sets = columns.map((column) => `${column} = ?`).join(', ');
      const statuses = Array.from({ length: expectedCount }, () => '?').join(', ');
      statement = this.connection.db.prepare(`UPDATE jobs SET ${sets} WHERE id = ? AND expires_at > ? AND status IN (${statuses})`);
      this.casStatements.set(shape, statement);
    }
    return statement;
  }
}

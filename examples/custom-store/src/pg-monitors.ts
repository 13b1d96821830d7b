import {
  checkCutoff,
  requireDueTime,
  requireInteger,
  requirePage,
  type CheckRetention,
  type MonitorCheckRecord,
  type MonitorClaim,
  type MonitorEventRecord,
  type MonitorPatch,
  type MonitorRecord,
  type MonitorRepo,
  type NewMonitor,
  type OpaqueJson,
} from '@trawl/core/ports';
import type pg from 'pg';
import { inTransaction } from './schema.js';

interface MonitorRow {
  id: string;
  team_id: string;
  created_at: string;
  updated_at: string;
  next_run_at: string | null;
  spec: string | null;
  state: string | null;
}

interface CheckRow {
  monitor_id: string;
  id: string;
  created_at: string;
  body: string;
}

interface EventRow {
  id: string;
  monitor_id: string;
  created_at: string;
  event: string;
}

const COLUMNS = 'id, team_id, created_at, updated_at, next_run_at, spec, state';
const json = (value: unknown): string | null => (value === undefined ? null : JSON.stringify(value));

function toRecord(row: MonitorRow): MonitorRecord {
  const record: MonitorRecord = {
    id: row.id,
    teamId: row.team_id,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    spec: row.spec === null ? undefined : (JSON.parse(row.spec) as OpaqueJson),
    nextRunAt: row.next_run_at === null ? null : Number(row.next_run_at),
  };
  if (row.state !== null) record.state = JSON.parse(row.state) as OpaqueJson;
  return record;
}

const toCheck = (row: CheckRow): MonitorCheckRecord => ({
  id: row.id,
  monitorId: row.monitor_id,
  createdAt: Number(row.created_at),
  check: JSON.parse(row.body) as OpaqueJson,
});

/** Inside a transaction: the events join the outbox (an id it holds is left as it is). */
async function addEvents(client: pg.PoolClient, events: readonly MonitorEventRecord[] | undefined): Promise<void> {
  for (const event of events ?? []) {
    await client.query(
      'INSERT INTO monitor_events (id, monitor_id, created_at, event) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING',
      [event.id, event.monitorId, event.createdAt, JSON.stringify(event.event)],
    );
  }
}

/** Monitors, checks and the outbox of their events in three tables; a claim is a token and deadline set by one UPDATE over SKIP LOCKED rows. */
export class PgMonitorRepo implements MonitorRepo {
  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => number,
  ) {}

  async create(monitor: NewMonitor): Promise<MonitorRecord | null> {
    requireDueTime(monitor.nextRunAt);
    const { rows } = await this.pool.query<MonitorRow>(
      `INSERT INTO monitors (id, team_id, created_at, updated_at, next_run_at, spec) VALUES ($1, $2, $3, $3, $4, $5)
       ON CONFLICT (id) DO NOTHING RETURNING ${COLUMNS}`,
      [monitor.id, monitor.teamId, monitor.createdAt, monitor.nextRunAt, json(monitor.spec)],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async get(id: string): Promise<MonitorRecord | null> {
    const { rows } = await this.pool.query<MonitorRow>(`SELECT ${COLUMNS} FROM monitors WHERE id = $1`, [id]);
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async list(teamId: string, page: { offset: number; limit: number }): Promise<MonitorRecord[]> {
    requirePage(page);
    const { rows } = await this.pool.query<MonitorRow>(
      `SELECT ${COLUMNS} FROM monitors WHERE team_id = $1 ORDER BY created_at, id LIMIT $2 OFFSET $3`,
      [teamId, page.limit, page.offset],
    );
    return rows.map(toRecord);
  }

  async update(id: string, patch: MonitorPatch): Promise<MonitorRecord | null> {
    requireDueTime(patch.nextRunAt);
    return inTransaction(this.pool, async (client) => {
      const { rows } = await client.query<MonitorRow>(
        `UPDATE monitors SET spec = COALESCE($2, spec), state = COALESCE($3, state),
           next_run_at = CASE WHEN $4 THEN $5::BIGINT ELSE next_run_at END, updated_at = $6
         WHERE id = $1 RETURNING ${COLUMNS}`,
        [id, json(patch.spec), json(patch.state), patch.nextRunAt !== undefined, patch.nextRunAt ?? null, this.now()],
      );
      if (!rows[0]) return null;
      await addEvents(client, patch.events);
      return toRecord(rows[0]);
    });
  }

  async delete(id: string): Promise<boolean> {
    return inTransaction(this.pool, async (client) => {
      await client.query('DELETE FROM monitor_checks WHERE monitor_id = $1', [id]);
      const { rowCount } = await client.query('DELETE FROM monitors WHERE id = $1', [id]);
      return rowCount === 1;
    });
  }

  async claimDue(request: { max: number; leaseMs: number }): Promise<MonitorClaim[]> {
    requireInteger('max', request.max, 1);
    requireInteger('leaseMs', request.leaseMs, 1);
    const now = this.now();
    // SKIP LOCKED: a concurrent claimer passes over rows another is taking; a taken row's new
    // deadline keeps it out of later claims until it lapses.
    const { rows } = await this.pool.query<MonitorRow & { claim_token: string; claim_deadline: string }>(
      `UPDATE monitors SET claim_token = gen_random_uuid()::text, claim_deadline = $2
       WHERE id IN (SELECT id FROM monitors WHERE next_run_at IS NOT NULL AND next_run_at <= $1 AND claim_deadline <= $1
                    ORDER BY next_run_at LIMIT $3 FOR UPDATE SKIP LOCKED)
       RETURNING ${COLUMNS}, claim_token, claim_deadline`,
      [now, now + request.leaseMs, request.max],
    );
    return rows
      .map((row) => ({
        token: row.claim_token,
        deadline: Number(row.claim_deadline),
        dueAt: Number(row.next_run_at),
        monitor: toRecord(row),
      }))
      .sort((a, b) => a.dueAt - b.dueAt);
  }

  async finishRun(
    claim: MonitorClaim,
    next: { nextRunAt: number | null; state?: OpaqueJson; events?: readonly MonitorEventRecord[] },
  ): Promise<boolean> {
    requireDueTime(next.nextRunAt);
    return inTransaction(this.pool, async (client) => {
      const { rowCount } = await client.query(
        `UPDATE monitors SET next_run_at = $4, state = COALESCE($5, state), claim_token = NULL, claim_deadline = 0, updated_at = $6
         WHERE id = $1 AND claim_token = $2 AND next_run_at = $3`,
        [claim.monitor.id, claim.token, claim.dueAt, next.nextRunAt, json(next.state), this.now()],
      );
      if (rowCount !== 1) return false;
      await addEvents(client, next.events);
      return true;
    });
  }

  async saveCheck(check: MonitorCheckRecord, options: CheckRetention): Promise<void> {
    const cutoff = checkCutoff(options, this.now());
    await inTransaction(this.pool, async (client) => {
      const { rowCount } = await client.query(
        `INSERT INTO monitor_checks (monitor_id, id, created_at, body, expires_at) SELECT $1, $2, $3, $4, $5 WHERE EXISTS (SELECT 1 FROM monitors WHERE id = $1)
         ON CONFLICT (monitor_id, id) DO UPDATE SET created_at = excluded.created_at, body = excluded.body, expires_at = excluded.expires_at`,
        [
          check.monitorId,
          check.id,
          check.createdAt,
          JSON.stringify(check.check),
          options.maxAgeMs === undefined ? null : check.createdAt + options.maxAgeMs,
        ],
      );
      if (rowCount === 0) return;
      await client.query(
        `DELETE FROM monitor_checks WHERE monitor_id = $1 AND id NOT IN
           (SELECT id FROM monitor_checks WHERE monitor_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2)`,
        [check.monitorId, options.keep],
      );
      if (cutoff !== null)
        await client.query('DELETE FROM monitor_checks WHERE monitor_id = $1 AND created_at < $2', [check.monitorId, cutoff]);
    });
  }

  async sweepChecks(request: { limit: number }): Promise<number> {
    requireInteger('limit', request.limit, 1);
    const { rowCount } = await this.pool.query(
      `DELETE FROM monitor_checks WHERE (monitor_id, id) IN
         (SELECT monitor_id, id FROM monitor_checks WHERE expires_at IS NOT NULL AND expires_at <= $1 LIMIT $2)`,
      [this.now(), request.limit],
    );
    return rowCount ?? 0;
  }

  async pendingEvents(request: { limit: number }): Promise<MonitorEventRecord[]> {
    requireInteger('limit', request.limit, 1);
    const { rows } = await this.pool.query<EventRow>(
      'SELECT id, monitor_id, created_at, event FROM monitor_events ORDER BY created_at, id LIMIT $1',
      [request.limit],
    );
    return rows.map((row) => ({
      id: row.id,
      monitorId: row.monitor_id,
      createdAt: Number(row.created_at),
      event: JSON.parse(row.event) as OpaqueJson,
    }));
  }

  async deleteEvent(id: string): Promise<boolean> {
    const { rowCount } = await this.pool.query('DELETE FROM monitor_events WHERE id = $1', [id]);
    return rowCount === 1;
  }

  async getCheck(monitorId: string, checkId: string): Promise<MonitorCheckRecord | null> {
    const { rows } = await this.pool.query<CheckRow>(
      'SELECT monitor_id, id, created_at, body FROM monitor_checks WHERE monitor_id = $1 AND id = $2',
      [monitorId, checkId],
    );
    return rows[0] ? toCheck(rows[0]) : null;
  }

  async listChecks(monitorId: string, page: { offset: number; limit: number }): Promise<MonitorCheckRecord[]> {
    requirePage(page);
    const { rows } = await this.pool.query<CheckRow>(
      'SELECT monitor_id, id, created_at, body FROM monitor_checks WHERE monitor_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3',
      [monitorId, page.limit, page.offset],
    );
    return rows.map(toCheck);
  }
}

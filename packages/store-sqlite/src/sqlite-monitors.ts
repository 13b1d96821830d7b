import { randomUUID } from 'node:crypto';
import type {
  CheckRetention,
  MonitorCheckRecord,
  MonitorClaim,
  MonitorEventRecord,
  MonitorPatch,
  MonitorRecord,
  MonitorRepo,
  NewMonitor,
  OpaqueJson,
} from '@trawl/core/ports';
import type { Connection } from './connection.js';
import { checkCutoff, fromJsonText, requireDueTime, requireInteger, requirePage, toJsonText } from './validate.js';

interface MonitorRow {
  id: string;
  team_id: string;
  created_at: number;
  updated_at: number;
  next_run_at: number | null;
  spec: string | null;
  state: string | null;
}

interface CheckRow {
  monitor_id: string;
  id: string;
  created_at: number;
  body: string;
}

interface EventRow {
  id: string;
  monitor_id: string;
  created_at: number;
  event: string;
}

const COLUMNS = 'id, team_id, created_at, updated_at, next_run_at, spec, state';

function toRecord(row: MonitorRow): MonitorRecord {
  const record: MonitorRecord = {
    id: row.id,
    teamId: row.team_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    spec: fromJsonText(row.spec),
    nextRunAt: row.next_run_at,
  };
  if (row.state !== null) record.state = JSON.parse(row.state) as OpaqueJson;
  return record;
}

const toCheck = (row: CheckRow): MonitorCheckRecord => ({
  id: row.id,
  monitorId: row.monitor_id,
  createdAt: row.created_at,
  check: JSON.parse(row.body) as OpaqueJson,
});

const toEvent = (row: EventRow): MonitorEventRecord => ({
  id: row.id,
  monitorId: row.monitor_id,
  createdAt: row.created_at,
  event: JSON.parse(row.event) as OpaqueJson,
});

/**
 * Monitors, checks and the outbox of their events in three tables. A claim is a token and deadline on the monitor's row, taken
 * by a conditional UPDATE in the write lock, so two processes never hold one due time.
 */
export class SqliteMonitorRepo implements MonitorRepo {
  private readonly statements;

  constructor(
    private readonly connection: Connection,
    private readonly now: () => number,
  ) {
    const db = connection.db;
    this.statements = {
      insert: db.prepare(
        `INSERT INTO monitors (id, team_id, created_at, updated_at, next_run_at, spec) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO NOTHING`,
      ),
      get: db.prepare<[string], MonitorRow>(`SELECT ${COLUMNS} FROM monitors WHERE id = ?`),
      list: db.prepare<[string, number, number], MonitorRow>(
        `SELECT ${COLUMNS} FROM monitors WHERE team_id = ? ORDER BY created_at, id LIMIT ? OFFSET ?`,
      ),
      update: db.prepare(
        `UPDATE monitors SET spec = COALESCE(?, spec), state = COALESCE(?, state),
           next_run_at = CASE WHEN ? THEN ? ELSE next_run_at END, updated_at = ? WHERE id = ?`,
      ),
      delete: db.prepare('DELETE FROM monitors WHERE id = ?'),
      deleteChecks: db.prepare('DELETE FROM monitor_checks WHERE monitor_id = ?'),
      due: db.prepare<[number, number, number], MonitorRow>(
        `SELECT ${COLUMNS} FROM monitors WHERE next_run_at IS NOT NULL AND next_run_at <= ? AND claim_deadline <= ?
         ORDER BY next_run_at LIMIT ?`,
      ),
      claim: db.prepare('UPDATE monitors SET claim_token = ?, claim_deadline = ? WHERE id = ?'),
      finish: db.prepare(
        `UPDATE monitors SET next_run_at = ?, state = COALESCE(?, state), claim_token = NULL, claim_deadline = 0, updated_at = ?
         WHERE id = ? AND claim_token = ? AND next_run_at = ?`,
      ),
      saveCheck: db.prepare(
        `INSERT INTO monitor_checks (monitor_id, id, created_at, body, expires_at) SELECT ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM monitors WHERE id = ?)
         ON CONFLICT (monitor_id, id) DO UPDATE SET created_at = excluded.created_at, body = excluded.body, expires_at = excluded.expires_at`,
      ),
      sweepChecks: db.prepare(
        `DELETE FROM monitor_checks WHERE rowid IN
           (SELECT rowid FROM monitor_checks WHERE expires_at IS NOT NULL AND expires_at <= ? LIMIT ?)`,
      ),
      addEvent: db.prepare(
        'INSERT INTO monitor_events (id, monitor_id, created_at, event) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO NOTHING',
      ),
      pendingEvents: db.prepare<[number], EventRow>(
        'SELECT id, monitor_id, created_at, event FROM monitor_events ORDER BY created_at, id LIMIT ?',
      ),
      deleteEvent: db.prepare('DELETE FROM monitor_events WHERE id = ?'),
      trimChecks: db.prepare(
        `DELETE FROM monitor_checks WHERE monitor_id = ? AND rowid NOT IN
           (SELECT rowid FROM monitor_checks WHERE monitor_id = ? ORDER BY created_at DESC, id DESC LIMIT ?)`,
      ),
      expireChecks: db.prepare('DELETE FROM monitor_checks WHERE monitor_id = ? AND created_at < ?'),
      getCheck: db.prepare<[string, string], CheckRow>(
        'SELECT monitor_id, id, created_at, body FROM monitor_checks WHERE monitor_id = ? AND id = ?',
      ),
      listChecks: db.prepare<[string, number, number], CheckRow>(
        'SELECT monitor_id, id, created_at, body FROM monitor_checks WHERE monitor_id = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?',
      ),
    };
  }

  async create(monitor: NewMonitor): Promise<MonitorRecord | null> {
    requireDueTime(monitor.nextRunAt);
    const s = this.statements;
    return this.connection.write(() => {
      const { changes } = s.insert.run(
        monitor.id,
        monitor.teamId,
        monitor.createdAt,
        monitor.createdAt,
        monitor.nextRunAt,
        toJsonText(monitor.spec),
      );
      return changes === 1 ? toRecord(s.get.get(monitor.id)!) : null;
    });
  }

  async get(id: string): Promise<MonitorRecord | null> {
    const row = this.statements.get.get(id);
    return row ? toRecord(row) : null;
  }

  async list(teamId: string, page: { offset: number; limit: number }): Promise<MonitorRecord[]> {
    requirePage(page);
    return this.statements.list.all(teamId, page.limit, page.offset).map(toRecord);
  }

  async update(id: string, patch: MonitorPatch): Promise<MonitorRecord | null> {
    requireDueTime(patch.nextRunAt);
    const s = this.statements;
    return this.connection.write(() => {
      const setsDue = patch.nextRunAt !== undefined ? 1 : 0;
      const { changes } = s.update.run(toJsonText(patch.spec), toJsonText(patch.state), setsDue, patch.nextRunAt ?? null, this.now(), id);
      if (changes !== 1) return null;
      this.addEvents(patch.events);
      return toRecord(s.get.get(id)!);
    });
  }

  async delete(id: string): Promise<boolean> {
    const s = this.statements;
    return this.connection.write(() => {
      s.deleteChecks.run(id);
      return s.delete.run(id).changes === 1;
    });
  }

  async claimDue(request: { max: number; leaseMs: number }): Promise<MonitorClaim[]> {
    requireInteger('max', request.max, 1);
    requireInteger('leaseMs', request.leaseMs, 1);
    const s = this.statements;
    const now = this.now();
    // Schedulers poll often: a read says whether anything is due before a write transaction is taken.
    if (s.due.get(now, now, 1) === undefined) return [];
    // The select and the claims run in one write transaction, which holds SQLite's write lock.
    return this.connection.write(() =>
      s.due.all(now, now, request.max).map((row) => {
        const claim = { token: randomUUID(), deadline: now + request.leaseMs };
        s.claim.run(claim.token, claim.deadline, row.id);
        return { ...claim, dueAt: row.next_run_at!, monitor: toRecord(row) };
      }),
    );
  }

  async finishRun(
    claim: MonitorClaim,
    next: { nextRunAt: number | null; state?: OpaqueJson; events?: readonly MonitorEventRecord[] },
  ): Promise<boolean> {
    requireDueTime(next.nextRunAt);
    const s = this.statements;
    return this.connection.write(() => {
      const { changes } = s.finish.run(next.nextRunAt, toJsonText(next.state), this.now(), claim.monitor.id, claim.token, claim.dueAt);
      if (changes !== 1) return false;
      this.addEvents(next.events);
      return true;
    });
  }

  async saveCheck(check: MonitorCheckRecord, options: CheckRetention): Promise<void> {
    const cutoff = checkCutoff(options, this.now());
    const s = this.statements;
    this.connection.write(() => {
      // Expires when saveCheck's cutoff would drop it (sweepChecks).
      const expiry = options.maxAgeMs === undefined ? null : check.createdAt + options.maxAgeMs;
      s.saveCheck.run(check.monitorId, check.id, check.createdAt, JSON.stringify(check.check), expiry, check.monitorId);
      s.trimChecks.run(check.monitorId, check.monitorId, options.keep);
      if (cutoff !== null) s.expireChecks.run(check.monitorId, cutoff);
    });
  }

  async sweepChecks(request: { limit: number }): Promise<number> {
    requireInteger('limit', request.limit, 1);
    const s = this.statements;
    return this.connection.write(() => s.sweepChecks.run(this.now(), request.limit).changes);
  }

  async pendingEvents(request: { limit: number }): Promise<MonitorEventRecord[]> {
    requireInteger('limit', request.limit, 1);
    return this.statements.pendingEvents.all(request.limit).map(toEvent);
  }

  async deleteEvent(id: string): Promise<boolean> {
    const s = this.statements;
    return this.connection.write(() => s.deleteEvent.run(id).changes === 1);
  }

  /** Inside a write: the events join the outbox (an id it holds is left as it is). */
  private addEvents(events: readonly MonitorEventRecord[] | undefined): void {
    for (const event of events ?? []) this.statements.addEvent.run(event.id, event.monitorId, event.createdAt, JSON.stringify(event.event));
  }

  async getCheck(monitorId: string, checkId: string): Promise<MonitorCheckRecord | null> {
    const row = this.statements.getCheck.get(monitorId, checkId);
    return row ? toCheck(row) : null;
  }

  async listChecks(monitorId: string, page: { offset: number; limit: number }): Promise<MonitorCheckRecord[]> {
    requirePage(page);
    return this.statements.listChecks.all(monitorId, page.limit, page.offset).map(toCheck);
  }
}

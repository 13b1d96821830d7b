import { randomUUID } from 'node:crypto';
import { LeaseTurns, type Frontier, type FrontierEntry, type FrontierStats, type Lease, type LeaseRequest } from '@trawl/core/ports';
import type { Connection } from './connection.js';
import { fromJsonText, requireInteger, toJsonText } from './validate.js';

const READY = 0;
const DELAYED = 1;
const LEASED = 2;
const DONE = 3;

interface ItemRow {
  job_id: string;
  key: string;
  url: string;
  depth: number;
  data: string | null;
  attempt: number;
}

interface TallyRow {
  seen: number;
  places: number;
  leased: number;
  done: number;
}

/**
 * The frontier as one table of items with partial indexes per state: ready items by enqueue
 * sequence (per job and store-wide), delayed ones by `notBefore`, leased ones by deadline. Every
 * operation is an indexed lookup or range, never a scan of pending items. Lapsed leases and due
 * delays turn ready when a call looks (no timers), within that call's transaction. A lease from
 * any job serves teams in turn, then each team's jobs (LeaseTurns, kept by this process).
 */
export class SqliteFrontier implements Frontier {
  private readonly statements;
  private readonly turns = new LeaseTurns();

  constructor(
    private readonly connection: Connection,
    private readonly now: () => number,
  ) {
    const db = connection.db;
    this.statements = {
      tally: db.prepare<[string], TallyRow>('SELECT seen, places, leased, done FROM frontier_jobs WHERE job_id = ?'),
      ensureTally: db.prepare('INSERT OR IGNORE INTO frontier_jobs (job_id) VALUES (?)'),
      addSeen: db.prepare('UPDATE frontier_jobs SET seen = seen + ?, places = places + ? WHERE job_id = ?'),
      freePlace: db.prepare('UPDATE frontier_jobs SET places = places - 1 WHERE job_id = ? AND places > 0'),
      addLeased: db.prepare('UPDATE frontier_jobs SET leased = leased + ? WHERE job_id = ?'),
      markDoneTally: db.prepare('UPDATE frontier_jobs SET done = done + 1, leased = leased - ? WHERE job_id = ?'),
      nextSeq: db.prepare<[number], { value: number }>(
        `INSERT INTO counters (name, value) VALUES ('frontier_seq', ?)
         ON CONFLICT (name) DO UPDATE SET value = value + excluded.value RETURNING value`,
      ),
      insert: db.prepare('INSERT OR IGNORE INTO frontier_items (job_id, key, seq, url, depth, data) VALUES (?, ?, ?, ?, ?, ?)'),
      dueDelayed: db.prepare(`UPDATE frontier_items SET state = ${READY} WHERE state = ${DELAYED} AND not_before <= ?`),
      lapsedByJob: db.prepare<[number], { job_id: string; n: number }>(
        `SELECT job_id, COUNT(*) AS n FROM frontier_items WHERE state = ${LEASED} AND deadline <= ? GROUP BY job_id`,
      ),
      lapsed: db.prepare(`UPDATE frontier_items SET state = ${READY} WHERE state = ${LEASED} AND deadline <= ?`),
      readyOfJob: db.prepare<[string, number], ItemRow>(
        `SELECT job_id, key, url, depth, data, attempt FROM frontier_items
         WHERE job_id = ? AND state = ${READY} ORDER BY seq LIMIT ?`,
      ),
      // Jobs with pages not done, and their teams ('' for a job without a record).
      liveJobs: db.prepare<[], { job_id: string; team_id: string }>(
        `SELECT f.job_id, COALESCE(j.team_id, '') AS team_id FROM frontier_jobs f LEFT JOIN jobs j ON j.id = f.job_id
         WHERE f.seen > f.done`,
      ),
      readyOfJobFrom: db.prepare<[string, number], ItemRow>(
        `SELECT job_id, key, url, depth, data, attempt FROM frontier_items
         WHERE job_id = ? AND state = ${READY} ORDER BY seq LIMIT 1 OFFSET ?`,
      ),
      take: db.prepare(
        `UPDATE frontier_items SET state = ${LEASED}, attempt = attempt + 1, lease_id = ?, deadline = ? WHERE job_id = ? AND key = ?`,
      ),
      holder: db.prepare<[string, string], { state: number; lease_id: string | null }>(
        'SELECT state, lease_id FROM frontier_items WHERE job_id = ? AND key = ?',
      ),
      markDone: db.prepare(
        `UPDATE frontier_items SET state = ${DONE}, lease_id = NULL, url = NULL, data = NULL WHERE job_id = ? AND key = ?`,
      ),
      requeue: db.prepare('UPDATE frontier_items SET state = ?, not_before = ?, lease_id = NULL WHERE job_id = ? AND key = ?'),
      dropItems: db.prepare('DELETE FROM frontier_items WHERE job_id = ?'),
      dropTally: db.prepare('DELETE FROM frontier_jobs WHERE job_id = ?'),
    };
  }

  async enqueue(jobId: string, entries: readonly FrontierEntry[], options: { limit?: number } = {}): Promise<FrontierEntry[]> {
    const { limit } = options;
    if (limit !== undefined) requireInteger('limit', limit, 0);
    for (const entry of entries) requireInteger('depth', entry.depth, 0);
    if (entries.length === 0) return [];
    const rows = entries.map((entry) => ({ entry, data: toJsonText(entry.data) }));
    return this.connection.write(() => {
      const s = this.statements;
      s.ensureTally.run(jobId);
      let places = (s.tally.get(jobId) as TallyRow).places;
      // Reserve a block of sequence numbers: gaps are harmless, order is what counts.
      let seq = (s.nextSeq.get(rows.length) as { value: number }).value - rows.length;
      const accepted: FrontierEntry[] = [];
      for (const { entry, data } of rows) {
        if (limit !== undefined && places >= limit) break;
        if (s.insert.run(jobId, entry.key, seq++, entry.url, entry.depth, data).changes === 0) continue;
        if (limit !== undefined) places++;
        accepted.push({
          url: entry.url,
          key: entry.key,
          depth: entry.depth,
          ...(data === null ? {} : { data: JSON.parse(data) as unknown }),
        });
      }
      if (accepted.length) s.addSeen.run(accepted.length, limit === undefined ? 0 : accepted.length, jobId);
      return accepted;
    });
  }

  async freePlace(jobId: string): Promise<void> {
    this.connection.write(() => this.statements.freePlace.run(jobId));
  }

  async lease(request: LeaseRequest): Promise<Lease[]> {
    requireInteger('max', request.max, 1);
    requireInteger('leaseMs', request.leaseMs, 1);
    const now = this.now();
    const deadline = now + request.leaseMs;
    return this.connection.write(() => {
      this.release(now);
      const s = this.statements;
      const rows =
        request.jobId === undefined ? this.readyInTurn(request.max, request.teamRoom) : s.readyOfJob.all(request.jobId, request.max);
      const perJob = new Map<string, number>();
      const leases = rows.map((row): Lease => {
        const id = randomUUID();
        s.take.run(id, deadline, row.job_id, row.key);
        perJob.set(row.job_id, (perJob.get(row.job_id) ?? 0) + 1);
        const data = fromJsonText(row.data);
        return {
          id,
          jobId: row.job_id,
          item: { url: row.url, key: row.key, depth: row.depth, attempt: row.attempt + 1, ...(data === undefined ? {} : { data }) },
          deadline,
        };
      });
      for (const [jobId, count] of perJob) s.addLeased.run(count, jobId);
      return leases;
    });
  }

  async ack(lease: Lease): Promise<boolean> {
    return this.connection.write(() => {
      const state = this.heldState(lease);
      if (state === undefined) return false;
      this.statements.markDone.run(lease.jobId, lease.item.key);
      this.statements.markDoneTally.run(state === LEASED ? 1 : 0, lease.jobId);
      return true;
    });
  }

  async retry(lease: Lease, options: { notBefore?: number } = {}): Promise<boolean> {
    const now = this.now();
    const notBefore = options.notBefore ?? 0;
    return this.connection.write(() => {
      const state = this.heldState(lease);
      if (state === undefined) return false;
      // Keeping its seq puts the item back at its original place in the order.
      this.statements.requeue.run(notBefore > now ? DELAYED : READY, notBefore, lease.jobId, lease.item.key);
      if (state === LEASED) this.statements.addLeased.run(-1, lease.jobId);
      return true;
    });
  }

  async stats(jobId: string): Promise<FrontierStats> {
    const now = this.now();
    return this.connection.write(() => {
      this.release(now);
      const tally = this.statements.tally.get(jobId);
      if (!tally) return { pending: 0, leased: 0, done: 0, seen: 0 };
      return { pending: tally.seen - tally.leased - tally.done, leased: tally.leased, done: tally.done, seen: tally.seen };
    });
  }

  async isDrained(jobId: string): Promise<boolean> {
    // Lapsed leases count as not done either way, so no release is needed first.
    const tally = this.statements.tally.get(jobId);
    return !tally || tally.seen === tally.done;
  }

  /** Deletes the job's frontier; runs inside the job deletion's transaction. */
  drop(jobId: string): void {
    this.statements.dropItems.run(jobId);
    this.statements.dropTally.run(jobId);
  }

  /** Up to `max` ready items, one per turn: teams in turn, then each team's jobs. */
  private readyInTurn(max: number, teamRoom: LeaseRequest['teamRoom']): ItemRow[] {
    const s = this.statements;
    this.turns.sync(s.liveJobs.all().map((row) => ({ jobId: row.job_id, teamId: row.team_id })));
    // Rows already picked in this call are skipped: none is taken until the call's leases are made.
    const picked = new Map<string, number>();
    return this.turns.pick(
      max,
      (jobId) => {
        const offset = picked.get(jobId) ?? 0;
        const row = s.readyOfJobFrom.get(jobId, offset);
        if (row) picked.set(jobId, offset + 1);
        return row;
      },
      teamRoom,
    );
  }

  /** Turns due delayed items and lapsed leases ready. Each row moved costs one index step. */
  private release(now: number): void {
    const s = this.statements;
    s.dueDelayed.run(now);
    const lapsed = s.lapsedByJob.all(now);
    if (lapsed.length === 0) return;
    s.lapsed.run(now);
    for (const { job_id, n } of lapsed) s.addLeased.run(-n, job_id);
  }

  /**
   * The state of the item the lease still speaks for, or undefined when it is done or was
   * handed out again since (a lapsed lease nobody replaced still holds its item).
   */
  private heldState(lease: Lease): number | undefined {
    const row = this.statements.holder.get(lease.jobId, lease.item.key);
    if (!row || row.state === DONE || row.lease_id !== lease.id) return undefined;
    return row.state;
  }
}

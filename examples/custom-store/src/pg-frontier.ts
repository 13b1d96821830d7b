import { randomUUID } from 'node:crypto';
import { LeaseTurns, type Frontier, type FrontierEntry, type FrontierStats, type Lease, type LeaseRequest } from '@trawl/core/ports';
import type pg from 'pg';
import { inTransaction } from './schema.js';

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

interface TurnRow extends ItemRow {
  team_id: string;
}

/**
 * A lease from any job serves teams in turn, then each team's jobs (core's LeaseTurns, kept by
 * this process, as the SQLite store keeps its own), so one team's big crawl does not queue
 * another team's small one behind it.
 */
export class PgFrontier implements Frontier {
  private readonly turns = new LeaseTurns();

  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => number,
  ) {}

  async enqueue(jobId: string, entries: readonly FrontierEntry[], options: { limit?: number } = {}): Promise<FrontierEntry[]> {
    if (entries.length === 0) return [];
    return inTransaction(this.pool, async (client) => {
      // Locking the job's row serialises enqueues of one job: dedupe and limit see a stable count.
      await client.query('INSERT INTO frontier_jobs (job_id) VALUES ($1) ON CONFLICT DO NOTHING', [jobId]);
      const locked = await client.query<{ seen: string; places: string }>(
        'SELECT seen, places FROM frontier_jobs WHERE job_id = $1 FOR UPDATE',
        [jobId],
      );
      let seen = Number(locked.rows[0]!.seen);
      let places = Number(locked.rows[0]!.places);
      const accepted: FrontierEntry[] = [];
      for (const entry of entries) {
        if (options.limit !== undefined && places >= options.limit) break;
        const data = entry.data === undefined ? null : JSON.stringify(entry.data);
        const inserted = await client.query(
          'INSERT INTO frontier_items (job_id, key, url, depth, data) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING',
          [jobId, entry.key, entry.url, entry.depth, data],
        );
        if (inserted.rowCount === 0) continue;
        seen++;
        if (options.limit !== undefined) places++;
        accepted.push({
          url: entry.url,
          key: entry.key,
          depth: entry.depth,
          ...(data === null ? {} : { data: JSON.parse(data) as unknown }),
        });
      }
      await client.query('UPDATE frontier_jobs SET seen = $2, places = $3 WHERE job_id = $1', [jobId, seen, places]);
      return accepted;
    });
  }

  async freePlace(jobId: string): Promise<void> {
    await this.pool.query('UPDATE frontier_jobs SET places = places - 1 WHERE job_id = $1 AND places > 0', [jobId]);
  }

  async lease(request: LeaseRequest): Promise<Lease[]> {
    if (!(request.max >= 1) || !(request.leaseMs >= 1)) throw new RangeError('lease needs max >= 1 and leaseMs >= 1');
    const now = this.now();
    const deadline = now + request.leaseMs;
    return inTransaction(this.pool, async (client) => {
      await this.release(client, now);
      const rows =
        request.jobId === undefined
          ? await this.readyInTurn(client, request.max, request.teamRoom)
          : await readyOfJob(client, request.jobId, request.max);
      const leases: Lease[] = [];
      for (const row of rows) {
        const id = randomUUID();
        await client.query(
          `UPDATE frontier_items SET state = ${LEASED}, attempt = attempt + 1, lease_id = $3, deadline = $4 WHERE job_id = $1 AND key = $2`,
          [row.job_id, row.key, id, deadline],
        );
        const data = row.data === null ? {} : { data: JSON.parse(row.data) as unknown };
        leases.push({
          id,
          jobId: row.job_id,
          item: { url: row.url, key: row.key, depth: row.depth, attempt: row.attempt + 1, ...data },
          deadline,
        });
      }
      return leases;
    });
  }

  /**
   * Up to `max` ready items, one per turn. Each job with ready items offers its first `max`
   * (SKIP LOCKED: concurrent leasers pass over rows another transaction is taking); rows locked
   * and not picked are let go when the transaction ends.
   */
  private async readyInTurn(client: pg.PoolClient, max: number, teamRoom: LeaseRequest['teamRoom']): Promise<ItemRow[]> {
    const { rows } = await client.query<TurnRow>(
      `SELECT i.job_id, i.key, i.url, i.depth, i.data, i.attempt, COALESCE(j.team_id, '') AS team_id
       FROM (SELECT DISTINCT job_id FROM frontier_items WHERE state = ${READY}) ready
       CROSS JOIN LATERAL (
         SELECT job_id, key, url, depth, data, attempt, seq FROM frontier_items
         WHERE job_id = ready.job_id AND state = ${READY} ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED
       ) i
       LEFT JOIN jobs j ON j.id = i.job_id
       ORDER BY i.seq`,
      [max],
    );
    const byJob = new Map<string, TurnRow[]>();
    for (const row of rows) {
      const items = byJob.get(row.job_id);
      if (items) items.push(row);
      else byJob.set(row.job_id, [row]);
    }
    this.turns.sync([...byJob.values()].map((items) => ({ jobId: items[0]!.job_id, teamId: items[0]!.team_id })));
    return this.turns.pick(max, (jobId) => byJob.get(jobId)?.shift(), teamRoom);
  }

  async ack(lease: Lease): Promise<boolean> {
    // Matching the lease id makes a stale or repeated ack change nothing.
    const result = await this.pool.query(
      `UPDATE frontier_items SET state = ${DONE}, lease_id = NULL WHERE job_id = $1 AND key = $2 AND lease_id = $3 AND state <> ${DONE}`,
      [lease.jobId, lease.item.key, lease.id],
    );
    return result.rowCount === 1;
  }

  async retry(lease: Lease, options: { notBefore?: number } = {}): Promise<boolean> {
    const notBefore = options.notBefore ?? 0;
    const state = notBefore > this.now() ? DELAYED : READY;
    // The row keeps its seq, so the item goes back to its original place in the order.
    const result = await this.pool.query(
      `UPDATE frontier_items SET state = $4, not_before = $5, lease_id = NULL
       WHERE job_id = $1 AND key = $2 AND lease_id = $3 AND state <> ${DONE}`,
      [lease.jobId, lease.item.key, lease.id, state, notBefore],
    );
    return result.rowCount === 1;
  }

  async stats(jobId: string): Promise<FrontierStats> {
    const now = this.now();
    // Counting a job's rows is fine for an example; a large deployment would keep tallies.
    const { rows } = await this.pool.query<{ pending: string; leased: string; done: string }>(
      `SELECT count(*) FILTER (WHERE state IN (${READY}, ${DELAYED}) OR (state = ${LEASED} AND deadline <= $2)) AS pending,
              count(*) FILTER (WHERE state = ${LEASED} AND deadline > $2) AS leased,
              count(*) FILTER (WHERE state = ${DONE}) AS done
       FROM frontier_items WHERE job_id = $1`,
      [jobId, now],
    );
    const [pending, leased, done] = [rows[0]!.pending, rows[0]!.leased, rows[0]!.done].map(Number) as [number, number, number];
    return { pending, leased, done, seen: pending + leased + done };
  }

  async isDrained(jobId: string): Promise<boolean> {
    const { rows } = await this.pool.query(`SELECT 1 FROM frontier_items WHERE job_id = $1 AND state < ${DONE} LIMIT 1`, [jobId]);
    return rows.length === 0;
  }

  /** Due delays and lapsed leases become ready; their seq keeps their place. */
  private async release(client: pg.PoolClient, now: number): Promise<void> {
    await client.query(
      `UPDATE frontier_items SET state = ${READY}
       WHERE (state = ${DELAYED} AND not_before <= $1) OR (state = ${LEASED} AND deadline <= $1)`,
      [now],
    );
  }
}

async function readyOfJob(client: pg.PoolClient, jobId: string, max: number): Promise<ItemRow[]> {
  // SKIP LOCKED: concurrent leasers pass over rows another transaction is taking.
  const { rows } = await client.query<ItemRow>(
    `SELECT job_id, key, url, depth, data, attempt FROM frontier_items
     WHERE state = ${READY} AND job_id = $2 ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED`,
    [max, jobId],
  );
  return rows;
}

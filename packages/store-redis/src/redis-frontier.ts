import { randomUUID } from 'node:crypto';
import { LeaseTurns, type Frontier, type FrontierEntry, type FrontierStats, type Lease, type LeaseRequest } from '@trawl/core/ports';
import type { Redis } from 'ioredis';
import { isLostLease, PAGE, pageJobId, type JobQueues, type PageData, type PageJob } from './job-queues.js';
import { ACK_GRACE_MS, type PendingAcks } from './pending-acks.js';
import type { Scripts } from './scripts.js';
import { requireInteger } from '@trawl/core/ports';

/** Accepted pages not confirmed in BullMQ after this long are added again (their enqueuer died). */
const STALE_ADD_MS = 30_000;
/** `lease({})` considers at most this many live jobs, oldest first. */
const LIVE_JOBS = 100;
/** A job found with nothing ready is looked at again after this long, or when its ready counter moves. */
const RECHECK_MS = 1_000;
/** BullMQ jobs added per pipeline. */
const ADD_CHUNK = 1_000;

type Repair = [jobId: string, fields: string[]];

/**
 * The frontier on BullMQ: one queue per job, a page task per accepted key (its BullMQ id derived
 * from the key), leases as BullMQ locks whose token is the lease id, lapsed leases recovered by
 * BullMQ's stalled-job check. Dedupe, the limit's places and the set of live jobs stay in Lua scripts
 * (lua/queue-scripts.ts). docs/operations.md describes the mapping and where it differs from the
 * strictest reading of the contract.
 */
export class RedisFrontier implements Frontier {
  /** Live jobs this process found with nothing ready, by the ready counter it saw then. */
  private readonly empty = new Map<string, { counter: string; until: number }>();
  /** Whose turn it is among the live jobs with pages: teams in turn, then each team's jobs. */
  private readonly turns = new LeaseTurns();
  /** The team of each live job, read once from its record (a job's team never changes). */
  private readonly teams = new Map<string, string>();

  constructor(
    private readonly redis: Redis,
    private readonly scripts: Scripts,
    private readonly prefix: string,
    private readonly queues: JobQueues,
    private readonly acks: PendingAcks,
  ) {}

  async enqueue(jobId: string, entries: readonly FrontierEntry[], options: { limit?: number } = {}): Promise<FrontierEntry[]> {
    const { limit } = options;
    if (limit !== undefined) requireInteger('limit', limit, 0);
    for (const entry of entries) requireInteger('depth', entry.depth, 0);
    if (entries.length === 0) return [];
    const args: string[] = [];
    const stored = entries.map((entry) => {
      const json = JSON.stringify({
        url: entry.url,
        key: entry.key,
        depth: entry.depth,
        ...(entry.data === undefined ? {} : { data: entry.data }),
      });
      args.push(entry.key, json);
      return json;
    });
    const accepted = (await this.scripts.accept(this.prefix, jobId, limit ?? '', Date.now(), ...args)) as number[];
    if (accepted.length === 0) return [];
    const pages = accepted.map((index) => JSON.parse(stored[index]!) as PageData);
    await this.add(jobId, pages);
    return pages.map((page) => toEntry(page));
  }

  async freePlace(jobId: string): Promise<void> {
    await this.scripts.freePlace(this.prefix, jobId);
  }

  async lease(request: LeaseRequest): Promise<Lease[]> {
    requireInteger('max', request.max, 1);
    requireInteger('leaseMs', request.leaseMs, 1);
    const now = Date.now();
    const [repairs, live, counters] = (await this.scripts.leasePrep(
      this.prefix,
      now,
      now - STALE_ADD_MS,
      request.jobId === undefined ? LIVE_JOBS : 0,
    )) as [Repair[], string[], string[]];
    await this.repair(repairs);
    if (request.jobId !== undefined) return this.take(request.jobId, request.max, request.leaseMs);
    return this.leaseAny(live, counters, request);
  }

  async ack(lease: Lease): Promise<boolean> {
    if (!this.acks.reserve(lease.id)) return false;
    try {
      const handle = this.queues.get(lease.jobId);
      const { key, url } = lease.item;
      // The lock, extended for the grace, keeps the page from others until it is recorded and counted.
      const [failed, recorded] = await Promise.all([
        handle.worker().extendJobLocks([pageJobId(key)], [lease.id], ACK_GRACE_MS),
        this.redis.hget(this.key(lease.jobId, 'recorded'), key),
      ]);
      if (failed.length > 0) {
        this.acks.release(lease.id);
        return false;
      }
      if (recorded === 'counted') {
        // An earlier holder recorded and counted the page, then died before completing it (or its
        // lease lapsed meanwhile): the page is done, not by this ack. It was handed out anyway, so
        // that the worker handling it looks whether the job is finished.
        this.acks.release(lease.id);
        await handle.complete(key, lease.id);
        return false;
      }
      this.acks.add({ leaseId: lease.id, jobId: lease.jobId, url, key });
      return true;
    } catch (error) {
      this.acks.release(lease.id);
      throw error;
    }
  }

  async retry(lease: Lease, options: { notBefore?: number } = {}): Promise<boolean> {
    // An acked page is handed back only when an outage cut its record short (see PendingAcks.handBack).
    if (this.acks.holds(lease.id) && !this.acks.handBack(lease.id)) return false;
    const page = this.queues.get(lease.jobId).page(lease.item.key);
    try {
      // A delayed page joins the end of the queue once due; one retried at once goes to its head.
      if (options.notBefore !== undefined && options.notBefore > Date.now()) await page.moveToDelayed(options.notBefore, lease.id);
      else await page.moveToWait(lease.id);
    } catch (error) {
      if (isLostLease(error)) return false;
      throw error;
    }
    await this.noteReady(lease.jobId);
    return true;
  }

  /** Tells every leaser the job may have new ready pages (a retried page, or one BullMQ found stalled). */
  async noteReady(jobId: string): Promise<void> {
    await this.redis.hincrby(`${this.prefix}:f:ready`, jobId, 1);
  }

  async stats(jobId: string): Promise<FrontierStats> {
    // BullMQ's counts first, then the seen keys: a page accepted in between only adds to pending.
    const { active = 0, completed = 0 } = await this.queues.get(jobId).queue.getJobCounts('active', 'completed');
    const seen = await this.redis.scard(this.key(jobId, 'seen'));
    // This process's own acks are still active in BullMQ; to this process they are done.
    const own = this.acks.count(jobId);
    return { pending: seen - active - completed, leased: active - own, done: completed + own, seen };
  }

  async isDrained(jobId: string): Promise<boolean> {
    const { completed = 0 } = await this.queues.get(jobId).queue.getJobCounts('completed');
    const seen = await this.redis.scard(this.key(jobId, 'seen'));
    // Other processes' acks still count as leased, so a job never completes while another worker
    // is between acking a page and recording it.
    return seen - completed - this.acks.count(jobId) <= 0;
  }

  /** Adds accepted pages to the job's queue, then marks them added. Adding a page twice is a no-op. */
  private async add(jobId: string, pages: readonly PageData[]): Promise<void> {
    const { queue } = this.queues.get(jobId);
    for (let start = 0; start < pages.length; start += ADD_CHUNK) {
      const chunk = pages.slice(start, start + ADD_CHUNK);
      await queue.addBulk(chunk.map((page) => ({ name: PAGE, data: page, opts: { jobId: pageJobId(page.key) } })));
    }
    await this.scripts.added(this.prefix, jobId, ...pages.map((page) => page.key));
  }

  /** Adds the pages an enqueuer accepted and then died before adding. */
  private async repair(repairs: readonly Repair[]): Promise<void> {
    for (const [jobId, fields] of repairs) {
      const pages: PageData[] = [];
      for (let i = 1; i < fields.length; i += 2) pages.push(JSON.parse(fields[i]!) as PageData);
      await this.add(jobId, pages);
    }
  }

  /** Leases up to `max` of one job's ready pages, in its queue's order. */
  private async take(jobId: string, max: number, leaseMs: number): Promise<Lease[]> {
    const worker = this.queues.get(jobId).worker();
    const leases: Lease[] = [];
    while (leases.length < max) {
      const wanted = max - leases.length;
      const taken = await Promise.all(Array.from({ length: wanted }, () => worker.getNextJob(randomUUID(), { block: false })));
      const jobs = taken.filter((job): job is PageJob => job !== undefined);
      if (jobs.length === 0) break;
      // getNextJob locks for the worker's lockDuration; the lease lasts leaseMs instead.
      const failed = new Set(
        await worker.extendJobLocks(
          jobs.map((job) => job.id!),
          jobs.map((job) => job.token!),
          leaseMs,
        ),
      );
      const deadline = Date.now() + leaseMs;
      for (const job of jobs) if (!failed.has(job.id!)) leases.push(toLease(jobId, job, deadline));
      if (jobs.length < wanted) break;
    }
    return leases;
  }

  /**
   * Leases from the live jobs, each in its own order, teams in turn and then each team's jobs
   * (LeaseTurns): the turns are planned as if every job had pages enough, each job's share is
   * taken in one go, and what a job could not give is planned again among the others.
   */
  private async leaseAny(live: readonly string[], counters: readonly string[], { max, leaseMs, teamRoom }: LeaseRequest): Promise<Lease[]> {
    const leases: Lease[] = [];
    const now = Date.now();
    const counterOf = new Map(live.map((jobId, i) => [jobId, counters[i] ?? '']));
    for (const jobId of this.empty.keys()) if (!counterOf.has(jobId)) this.empty.delete(jobId);
    for (const jobId of this.teams.keys()) if (!counterOf.has(jobId)) this.teams.delete(jobId);
    const candidates = live.filter((jobId) => {
      const memo = this.empty.get(jobId);
      return !(memo && memo.counter === counterOf.get(jobId) && now < memo.until);
    });
    this.turns.sync(await this.teamsOf(candidates));
    const exhausted = new Set<string>();
    // Pages of each team leased so far in this call, against teamRoom over every round of planning.
    const given = new Map<string, number>();
    const roomLeft = teamRoom && ((teamId: string) => teamRoom(teamId) - (given.get(teamId) ?? 0));
    while (leases.length < max) {
      const plan = this.turns.pick(max - leases.length, (jobId) => (exhausted.has(jobId) ? undefined : jobId), roomLeft);
      if (plan.length === 0) break;
      const shares = new Map<string, number>();
      for (const jobId of plan) shares.set(jobId, (shares.get(jobId) ?? 0) + 1);
      for (const [jobId, wanted] of shares) {
        const taken = await this.take(jobId, wanted, leaseMs);
        leases.push(...taken);
        const teamId = this.teams.get(jobId) ?? '';
        given.set(teamId, (given.get(teamId) ?? 0) + taken.length);
        if (taken.length === wanted) {
          this.empty.delete(jobId);
          continue;
        }
        exhausted.add(jobId);
        this.empty.set(jobId, { counter: counterOf.get(jobId) ?? '', until: Date.now() + RECHECK_MS });
        if (taken.length === 0) await this.retireIfDone(jobId);
      }
    }
    // Every live job gets a worker in this process, so its stalled-job check runs here too.
    for (const jobId of live) this.queues.get(jobId).worker();
    return leases;
  }

  /** The teams of `jobIds` ('' for a job without a record), from this process's memo or the job records. */
  private async teamsOf(jobIds: readonly string[]): Promise<Array<{ jobId: string; teamId: string }>> {
    const unknown = jobIds.filter((jobId) => !this.teams.has(jobId));
    if (unknown.length > 0) {
      const batch = this.redis.pipeline();
      for (const jobId of unknown) batch.hget(`${this.prefix}:job:${jobId}`, 'teamId');
      const answers = (await batch.exec()) ?? [];
      for (const [i, jobId] of unknown.entries()) this.teams.set(jobId, (answers[i]?.[1] as string | null) ?? '');
    }
    return jobIds.map((jobId) => ({ jobId, teamId: this.teams.get(jobId)! }));
  }

  /** Drops a job whose every accepted page is done from the live set (its queue closes here once idle). */
  private async retireIfDone(jobId: string): Promise<void> {
    const { completed = 0 } = await this.queues.get(jobId).queue.getJobCounts('completed');
    if (Number(await this.scripts.retire(this.prefix, jobId, completed)) === 1) this.empty.delete(jobId);
  }

  private key(jobId: string, part: 'seen' | 'recorded'): string {
    return `${this.prefix}:f:${jobId}:${part}`;
  }
}

function toEntry(page: PageData): FrontierEntry {
  return { url: page.url, key: page.key, depth: page.depth, ...(page.data === undefined ? {} : { data: page.data }) };
}

function toLease(jobId: string, job: PageJob, deadline: number): Lease {
  return { id: job.token!, jobId, item: { ...toEntry(job.data), attempt: job.attemptsStarted }, deadline };
}

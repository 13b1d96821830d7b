import { setTimeout as sleep } from 'node:timers/promises';
import { finishJobIfDone } from '../jobs/job-events.js';
import type { JobRecord, Lease } from '../ports/store.js';
import { DEFAULT_LEASE_MS } from '../settings/defaults.js';
import { handleLease } from './handle-lease.js';
import { TrawlError } from '../errors.js';
import { hasStore, splitRuntime, type WithRuntime } from '../runtime/runtime.js';
import { createJobContext, type JobContext, type JobEvents } from './job-context.js';
import { failJob, IDLE_POLL_MS } from './job-runner.js';
import { isStoreOutage } from '../stores/store-outage.js';
import { StorePause } from './store-pause.js';
import { WorkerSlots } from '../fairness/worker-slots.js';
import { keepHolds } from '../credits/hold-keeper.js';
import { pendingSettlements, settlementsDone } from '../credits/pending-settlements.js';

/** A worker's settings, and what it runs with: a Runtime (or its settings inline) that has a `store`. */
export type WorkerOptions = WithRuntime<WorkerSettings>;

export interface WorkerSettings {
  /** Pages handled at once across all jobs (default 10). */
  concurrency?: number;
  /**
   * Pages of one team handled at once while another team's pages came to this worker in the
   * last 30 s (default all of `concurrency` but one; a team alone takes every slot), so one
   * team's slow crawl never holds every slot. At most `concurrency`.
   */
  pagesPerTeam?: number;
  /** Lease length: a page not acked by then goes to another worker (default 2 min). */
  leaseMs?: number;
  /** How often jobs with pages in flight are checked for a cancel made elsewhere (default 1 s). */
  cancelCheckMs?: number;
  /**
   * How long a drained job whose counters are short of its total (a worker died between
   * recording a page and counting it) waits before it completes anyway (default 60 s).
   */
  settleGraceMs?: number;
  /** Sees every job event this worker produces (webhooks hang off here). */
  onEvent?: <E extends keyof JobEvents>(jobId: string, event: E, ...args: JobEvents[E]) => void;
}

export interface Worker {
  /** Jobs with pages being handled right now. */
  readonly activeJobs: number;
  /** Stops leasing, waits for pages in flight, and resolves. Leases of aborted pages simply expire. */
  stop(): Promise<void>;
  /** Resolves when the worker has stopped. */
  readonly stopped: Promise<void>;
}

const CONTEXT_IDLE_MS = 60_000;
/** How long a stopping worker waits for credit settlements a store outage held back. */
const SETTLEMENTS_ON_STOP_MS = 5_000;
const FORWARDED_EVENTS: ReadonlyArray<keyof JobEvents> = ['page', 'pageError', 'progress', 'completed', 'failed', 'cancelled'];

/**
 * A worker that runs the pages of every job in a store, as many processes as needed side by
 * side: each leases items, rebuilds a job's context from its record, and records outcomes in
 * the store. A job completes on whichever worker handles its last page.
 */
export function startWorker(workerOptions: WorkerOptions): Worker {
  const { runtime, rest: options } = splitRuntime(workerOptions);
  if (!hasStore(runtime)) throw new TrawlError('INVALID_OPTIONS', 'startWorker needs a store: the one the jobs it runs live in');
  const runner = { runtime, retainDocuments: true };
  const { store } = runner.runtime;
  const concurrency = options.concurrency ?? 10;
  const slots = new WorkerSlots(concurrency, options.pagesPerTeam);
  /** The team of each job this worker has leased pages of (what its slots are counted by). */
  const teamOfJob = new Map<string, string>();
  // Contexts hold a job's robots cache and host queues, so they outlive single pages; idle ones go.
  const contexts = new Map<string, { ctx: JobContext; inFlight: number; lastUsed: number }>();
  const inFlight = new Set<Promise<void>>();
  const heldLeases = new Set<Lease>();
  let stopping = false;
  const stopSignal = new AbortController();
  const pause = new StorePause(store, runtime.logger, 'worker');
  // Renews this process's credit holds and reclaims those of processes that died mid-work.
  const stopKeepingHolds = keepHolds(store.teams, runtime.logger);
  const finishOptions = {
    retentionMs: runtime.retentionMs,
    ...(options.settleGraceMs === undefined ? {} : { graceMs: options.settleGraceMs }),
  };

  function contextFor(record: JobRecord): JobContext {
    let entry = contexts.get(record.id);
    if (!entry) {
      const ctx = createJobContext(record, runner);
      for (const event of FORWARDED_EVENTS) {
        ctx.events.on(event, (...args: unknown[]) =>
          (options.onEvent as (id: string, e: string, ...a: unknown[]) => void)?.(record.id, event, ...args),
        );
      }
      entry = { ctx, inFlight: 0, lastUsed: Date.now() };
      contexts.set(record.id, entry);
    }
    return entry.ctx;
  }

  /**
   * Runs a lease. A store outage anywhere in it (Redis restarting, a full disk) leaves the page
   * unrecorded and its job running: the page goes back once the store answers. Nothing a page
   * does ends the worker.
   */
  async function handle(lease: Lease): Promise<void> {
    try {
      await handleJobLease(lease);
      pause.recovered();
    } catch (error) {
      if (isStoreOutage(error)) pause.interrupt(lease, error);
      else runtime.logger.error(`worker: page ${lease.item.url} of job ${lease.jobId} could not be handled`, error);
    }
  }

  async function handleJobLease(lease: Lease): Promise<void> {
    const record = await store.jobs.get(lease.jobId);
    if (record?.status !== 'scraping') {
      // Cancelled, failed or expired: its remaining pages are dropped, not run.
      await store.frontier.ack(lease);
      return;
    }
    const ctx = contextFor(record);
    const entry = contexts.get(record.id)!;
    entry.inFlight++;
    entry.lastUsed = Date.now();
    try {
      await handleLease(ctx, lease);
      if (ctx.abort.signal.aborted) {
        // Cancelled while the page was in flight: drop it, unless this worker is merely stopping.
        const now = await store.jobs.get(ctx.jobId);
        if (now?.status !== 'scraping') await store.frontier.ack(lease);
        return;
      }
      await settleDrainedJob(ctx);
    } catch (error) {
      if (isStoreOutage(error)) throw error;
      const failed = await failJob(ctx, error);
      if (failed) ctx.events.emit('failed', failed);
    } finally {
      entry.inFlight--;
      entry.lastUsed = Date.now();
    }
  }

  /** Finishes a drained job if it is done (see finishJobIfDone); true while it is drained yet unfinished. */
  async function settleDrainedJob(ctx: JobContext): Promise<boolean> {
    if (!(await store.frontier.isDrained(ctx.jobId))) return false;
    const finished = await finishJobIfDone(store, ctx.jobId, finishOptions);
    if (finished.outcome === 'applied' && finished.job.status !== 'scraping') {
      ctx.events.emit('completed', finished.job);
      return false;
    }
    return finished.outcome === 'ignored' && finished.reason !== 'terminal';
  }

  async function watchCancels(): Promise<void> {
    while (!stopping) {
      await sleep(options.cancelCheckMs ?? 1000, undefined, { signal: stopSignal.signal }).catch(() => undefined);
      if (stopping) break;
      try {
        await checkContexts();
      } catch (error) {
        // The store is away; the lease loop pauses and logs it, this looks again next tick.
        if (!isStoreOutage(error)) runtime.logger.error('worker: checking running jobs failed', error);
      }
      // A job's team is read again if its pages come back after its context went.
      for (const id of teamOfJob.keys()) if (!contexts.has(id)) teamOfJob.delete(id);
    }
  }

  async function checkContexts(): Promise<void> {
    for (const [id, entry] of contexts) {
      const record = await store.jobs.get(id);
      if (record?.status !== 'scraping') entry.ctx.abort.abort();
      // A worker killed between recording a page and counting it leaves a drained job one page
      // short; nobody handles another page of it, so the workers that knew it finish it once
      // the grace has passed. Until then its context stays.
      if (entry.inFlight === 0 && !entry.ctx.abort.signal.aborted && (await settleDrainedJob(entry.ctx))) continue;
      const idle = entry.inFlight === 0 && Date.now() - entry.lastUsed > CONTEXT_IDLE_MS;
      if (entry.inFlight === 0 && (idle || entry.ctx.abort.signal.aborted)) contexts.delete(id);
    }
  }

  /** Reads the team of each job first leased here (one record read per job); '' when the store cannot say. */
  async function learnTeams(leases: readonly Lease[]): Promise<void> {
    const unknown = new Set(leases.map((lease) => lease.jobId).filter((jobId) => !teamOfJob.has(jobId)));
    await Promise.all(
      [...unknown].map(async (jobId) => {
        const record = await store.jobs.get(jobId).catch(() => undefined);
        teamOfJob.set(jobId, record?.teamId ?? '');
      }),
    );
  }

  async function loop(): Promise<void> {
    const watcher = watchCancels();
    while (!stopping) {
      // Down or full: lease nothing for a while, longer each time the store fails again.
      await pause.wait(stopSignal.signal);
      if (stopping) break;
      const capacity = concurrency - inFlight.size;
      let leases: Lease[] = [];
      if (capacity > 0) {
        try {
          leases = await store.frontier.lease({ max: capacity, leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS, teamRoom: slots.roomOf });
          await pause.handBack();
          // Counted before the next lease, so that lease knows what each team holds.
          await learnTeams(leases);
        } catch (error) {
          pause.failed(error);
          continue;
        }
      }
      for (const lease of leases) {
        heldLeases.add(lease);
        const teamId = teamOfJob.get(lease.jobId) ?? '';
        slots.start(teamId);
        const task: Promise<void> = handle(lease).finally(() => {
          slots.end(teamId);
          inFlight.delete(task);
          heldLeases.delete(lease);
        });
        inFlight.add(task);
      }
      if (leases.length && inFlight.size < concurrency) continue;
      if (inFlight.size) await Promise.race([...inFlight, sleep(IDLE_POLL_MS * 4)]);
      else await sleep(IDLE_POLL_MS * 2);
    }
    await Promise.allSettled(inFlight);
    await watcher;
  }

  const stopped = loop();
  return {
    get activeJobs() {
      return contexts.size;
    },
    async stop() {
      stopping = true;
      stopSignal.abort(); // wakes the cancel watcher at once instead of after its next tick
      const interrupted = [...heldLeases, ...pause.takeInterrupted()];
      for (const { ctx } of contexts.values()) ctx.abort.abort();
      await stopped;
      // Hand unfinished pages straight back (retry refuses done or stale leases), so a restart
      // or another worker picks them up without waiting for the leases to expire.
      await Promise.all(interrupted.map((lease) => store.frontier.retry(lease).catch(() => false)));
      if (!(await settlementsDone(SETTLEMENTS_ON_STOP_MS)))
        runtime.logger.error(
          `worker: ${pendingSettlements()} credit settlements could not be written before stopping (the store does not answer); their holds go back whole once another process reclaims them`,
        );
      stopKeepingHolds();
    },
    stopped,
  };
}

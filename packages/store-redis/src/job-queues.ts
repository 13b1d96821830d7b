import { createHash } from 'node:crypto';
import { createRedisBackend, ErrorCode, Job, Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { PendingAck } from './pending-acks.js';

/** What a page task carries: the frontier item without its attempt count. */
export interface PageData {
  url: string;
  key: string;
  depth: number;
  data?: unknown;
}

export type PageJob = Job<PageData>;

/** BullMQ job name of every page task. */
export const PAGE = 'page';
/** A job's queue and worker are closed after this long unused (a live job's are used by every lease). */
const IDLE_MS = 60_000;
const SWEEP_EVERY_MS = 10_000;
/** How long getNextJob locks a page, until the lease sets its own length right after (one round trip). */
const TAKE_LOCK_MS = 10_000;
/** Events kept per queue: nothing reads them, BullMQ writes them anyway. */
const EVENTS_KEPT = 100;

/**
 * The BullMQ job id of the page with dedupe key `key`: a hash, because keys are URLs and BullMQ
 * ids may contain no colon. The same key always gives the same id, so adding a page twice is a no-op.
 */
export function pageJobId(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

/** BullMQ refused because the lease no longer holds the page: gone, not active, lock lapsed or taken. */
export function isLostLease(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === ErrorCode.JobNotExist ||
    code === ErrorCode.JobLockNotExist ||
    code === ErrorCode.JobNotInState ||
    code === ErrorCode.JobLockMismatch
  );
}

/** One crawl or batch job's BullMQ queue, and the manual worker that leases from it. */
export class JobQueue {
  lastUsed = Date.now();
  private manual: Worker<PageData> | undefined;

  constructor(
    readonly jobId: string,
    readonly queue: Queue<PageData>,
    private readonly makeWorker: () => Worker<PageData>,
  ) {}

  /** The worker, created on first use; its stalled-job check runs from then on. */
  worker(): Worker<PageData> {
    this.manual ??= this.makeWorker();
    return this.manual;
  }

  /** A handle on the page's BullMQ job for lock-checked moves, without reading it from Redis. */
  page(key: string): PageJob {
    return new Job<PageData>(this.worker(), PAGE, { url: '', key, depth: 0 }, {}, pageJobId(key));
  }

  /** Completes the page's BullMQ job if `token` still holds its lock; false when the lease was lost. */
  async complete(key: string, token: string): Promise<boolean> {
    try {
      await this.page(key).moveToCompleted(null, token, false);
      return true;
    } catch (error) {
      if (isLostLease(error)) return false;
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.manual?.close();
    await this.queue.close();
  }
}

export interface JobQueuesOptions {
  /** The connection every queue and worker shares (BullMQ wants `maxRetriesPerRequest: null`). */
  connection: () => Redis;
  /** BullMQ's key prefix. */
  prefix: string;
  /** BullMQ's stalledInterval: how often a job's lapsed leases are looked for. */
  stalledCheckMs: number;
  /** Called when this process's stalled-job check put pages of the job back in its queue. */
  onStalled: (jobId: string) => void;
  /** True while this process holds acks of the job, so its worker must stay open. */
  busy: (jobId: string) => boolean;
}

/**
 * Opens a job's Queue and Worker when first needed and closes them when unused for a while. All of
 * them share one connection: the workers are driven by hand (`getNextJob` without blocking), so
 * none needs BullMQ's blocking connection.
 */
export class JobQueues {
  private readonly open = new Map<string, JobQueue>();
  private readonly closing = new Set<Promise<void>>();
  private lastSweep = Date.now();
  private closed = false;

  constructor(private readonly options: JobQueuesOptions) {}

  get(jobId: string): JobQueue {
    if (this.closed) throw new Error('The Redis store is closed');
    const now = Date.now();
    if (now - this.lastSweep >= SWEEP_EVERY_MS) this.sweep(now);
    let handle = this.open.get(jobId);
    if (!handle) {
      handle = this.create(jobId);
      this.open.set(jobId, handle);
    }
    handle.lastUsed = now;
    return handle;
  }

  /** Completes acked pages in BullMQ; resolves those that failed for a reason other than a lost lease. */
  async completePages(acks: readonly PendingAck[]): Promise<PendingAck[]> {
    const outcomes = await Promise.allSettled(acks.map((ack) => this.get(ack.jobId).complete(ack.key, ack.leaseId)));
    return acks.filter((_, index) => outcomes[index]!.status === 'rejected');
  }

  /** Closes the job's queue and worker in this process, if open. */
  async drop(jobId: string): Promise<void> {
    const handle = this.open.get(jobId);
    if (!handle) return;
    this.open.delete(jobId);
    await handle.close();
  }

  async closeAll(): Promise<void> {
    this.closed = true;
    const handles = [...this.open.values()];
    this.open.clear();
    await Promise.allSettled([...handles.map((handle) => handle.close()), ...this.closing]);
  }

  private create(jobId: string): JobQueue {
    const { connection, prefix, stalledCheckMs, onStalled } = this.options;
    // Job ids become queue names, which may not contain a colon.
    const name = encodeURIComponent(jobId);
    const queue = new Queue<PageData>(name, { connection: connection(), prefix, streams: { events: { maxLen: EVENTS_KEPT } } });
    // Connection errors also reach the caller of the failing call; the listener keeps them from crashing the process.
    queue.on('error', () => {});
    return new JobQueue(jobId, queue, () => {
      const worker = new Worker<PageData>(
        name,
        null,
        {
          connection: connection(),
          prefix,
          autorun: false,
          // A lapsed lease always goes back to the queue: core decides when a page has failed.
          maxStalledCount: Number.MAX_SAFE_INTEGER,
          stalledInterval: stalledCheckMs,
          lockDuration: TAKE_LOCK_MS,
        },
        // BullMQ's own Redis backend, minus the blocking connection a worker asks for by default.
        (queueName, options) => createRedisBackend(queueName, options),
      );
      worker.on('error', () => {});
      worker.on('stalled', () => onStalled(jobId));
      void worker.startStalledCheckTimer().catch(() => {});
      return worker;
    });
  }

  private sweep(now: number): void {
    this.lastSweep = now;
    for (const [jobId, handle] of this.open) {
      if (now - handle.lastUsed < IDLE_MS || this.options.busy(jobId)) continue;
      this.open.delete(jobId);
      const closed: Promise<void> = handle
        .close()
        .catch(() => {})
        .finally(() => this.closing.delete(closed));
      this.closing.add(closed);
    }
  }
}

import type { Frontier, FrontierEntry, FrontierStats, Lease, LeaseRequest } from '../../ports/store.js';
import { LeaseTurns } from '../../fairness/lease-turns.js';
import { IndexedHeap } from './indexed-heap.js';
import { JobQueue, toLease, type QueuedItem } from './job-queue.js';
import { requireInteger } from '../../ports/store-arguments.js';

export interface FrontierFootprint {
  queues: number;
  liveItems: number;
  seenKeys: number;
  delayedItems: number;
  leasedItems: number;
}

/**
 * The frontier as heaps, so no operation scans pending items: each job keeps its ready items
 * ordered by enqueue sequence, jobs with ready items wait their turn (teams in turn, then each
 * team's jobs: LeaseTurns) for leases from any job, and two store-wide heaps hold delayed items
 * by `notBefore` and leased ones by deadline.
 * Time only moves items when a call looks at them; there are no timers.
 */
export class MemoryFrontier implements Frontier {
  private readonly queues = new Map<string, JobQueue>();
  private readonly turns = new LeaseTurns();
  private readonly delayed = new IndexedHeap<QueuedItem>(
    (a, b) => a.notBefore < b.notBefore || (a.notBefore === b.notBefore && a.seq < b.seq),
  );
  private readonly leases = new IndexedHeap<QueuedItem>((a, b) => a.deadline < b.deadline || (a.deadline === b.deadline && a.seq < b.seq));
  private nextSeq = 0;
  private nextLeaseId = 0;

  constructor(
    private readonly now: () => number,
    /** The team of a job ('' for a job without a record), for its turn. */
    private readonly teamOf: (jobId: string) => string = () => '',
  ) {}

  async enqueue(jobId: string, entries: readonly FrontierEntry[], options: { limit?: number } = {}): Promise<FrontierEntry[]> {
    const { limit } = options;
    if (limit !== undefined) requireInteger('limit', limit, 0);
    for (const entry of entries) requireInteger('depth', entry.depth, 0);
    let queue = this.queues.get(jobId);
    if (!queue) {
      queue = new JobQueue(jobId, this.teamOf(jobId));
      this.queues.set(jobId, queue);
    }
    const accepted: FrontierEntry[] = [];
    for (const entry of entries) {
      if (queue.seen.has(entry.key)) continue;
      if (limit !== undefined && queue.places >= limit) break;
      if (limit !== undefined) queue.places += 1;
      const dataJson = entry.data === undefined ? undefined : JSON.stringify(entry.data);
      const item: QueuedItem = {
        jobId,
        seq: this.nextSeq++,
        url: entry.url,
        key: entry.key,
        depth: entry.depth,
        dataJson,
        attempt: 0,
        state: 'ready',
        notBefore: 0,
        deadline: 0,
        leaseId: undefined,
        heapIndex: -1,
      };
      queue.seen.add(entry.key);
      queue.live.set(entry.key, item);
      queue.ready.push(item);
      const data = dataJson === undefined ? {} : { data: JSON.parse(dataJson) as unknown };
      accepted.push({ url: entry.url, key: entry.key, depth: entry.depth, ...data });
    }
    if (accepted.length > 0) this.syncHead(queue);
    return accepted;
  }

  async freePlace(jobId: string): Promise<void> {
    const queue = this.queues.get(jobId);
    if (queue && queue.places > 0) queue.places -= 1;
  }

  async lease(request: LeaseRequest): Promise<Lease[]> {
    requireInteger('max', request.max, 1);
    requireInteger('leaseMs', request.leaseMs, 1);
    const now = this.now();
    this.release(now);
    const leaseOne = (queue: JobQueue | undefined) => queue && this.leaseOne(queue, now + request.leaseMs);
    if (request.jobId === undefined) return this.turns.pick(request.max, (jobId) => leaseOne(this.queues.get(jobId)), request.teamRoom);
    const leases: Lease[] = [];
    for (let lease = leaseOne(this.queues.get(request.jobId)); lease; lease = leaseOne(this.queues.get(request.jobId))) {
      leases.push(lease);
      if (leases.length === request.max) break;
    }
    return leases;
  }

  /** Leases the job's next ready item until `deadline`; undefined when it has none. */
  private leaseOne(queue: JobQueue, deadline: number): Lease | undefined {
    const item = queue.ready.pop();
    if (!item) return undefined;
    this.syncHead(queue);
    item.state = 'leased';
    item.attempt += 1;
    item.leaseId = `lease-${++this.nextLeaseId}`;
    item.deadline = deadline;
    this.leases.push(item);
    queue.leased += 1;
    return toLease(item);
  }

  async ack(lease: Lease): Promise<boolean> {
    const found = this.heldBy(lease);
    if (!found) return false;
    const [queue, item] = found;
    this.detach(queue, item);
    queue.live.delete(item.key);
    queue.done += 1;
    return true;
  }

  async retry(lease: Lease, options: { notBefore?: number } = {}): Promise<boolean> {
    const found = this.heldBy(lease);
    if (!found) return false;
    const [queue, item] = found;
    this.detach(queue, item);
    item.leaseId = undefined;
    const notBefore = options.notBefore ?? 0;
    if (notBefore > this.now()) {
      item.state = 'delayed';
      item.notBefore = notBefore;
      this.delayed.push(item);
    } else {
      this.makeReady(queue, item);
    }
    return true;
  }

  async stats(jobId: string): Promise<FrontierStats> {
    this.release(this.now());
    const queue = this.queues.get(jobId);
    if (!queue) return { pending: 0, leased: 0, done: 0, seen: 0 };
    return { pending: queue.live.size - queue.leased, leased: queue.leased, done: queue.done, seen: queue.seen.size };
  }

  async isDrained(jobId: string): Promise<boolean> {
    // Expired leases count as pending either way, so no release is needed first.
    return (this.queues.get(jobId)?.live.size ?? 0) === 0;
  }

  /** Forgets everything about the job: seen keys, items, and its places in the shared heaps. */
  drop(jobId: string): void {
    const queue = this.queues.get(jobId);
    if (!queue) return;
    for (const item of queue.live.values()) {
      if (item.state === 'delayed') this.delayed.remove(item);
      else if (item.state === 'leased') this.leases.remove(item);
    }
    this.turns.remove(jobId);
    this.queues.delete(jobId);
  }

  clear(): void {
    this.queues.clear();
    this.turns.sync([]);
    this.delayed.clear();
    this.leases.clear();
  }

  footprint(): FrontierFootprint {
    let liveItems = 0;
    let seenKeys = 0;
    for (const queue of this.queues.values()) {
      liveItems += queue.live.size;
      seenKeys += queue.seen.size;
    }
    return { queues: this.queues.size, liveItems, seenKeys, delayedItems: this.delayed.size, leasedItems: this.leases.size };
  }

  /** Moves due delayed items and lapsed leases back to ready; each move is O(log n). */
  private release(now: number): void {
    for (let item = this.delayed.peek(); item && item.notBefore <= now; item = this.delayed.peek()) {
      this.delayed.pop();
      this.makeReady(this.queues.get(item.jobId) as JobQueue, item);
    }
    for (let item = this.leases.peek(); item && item.deadline <= now; item = this.leases.peek()) {
      this.leases.pop();
      const queue = this.queues.get(item.jobId) as JobQueue;
      queue.leased -= 1;
      this.makeReady(queue, item);
    }
  }

  /** The item the lease still speaks for: not done, and not handed out again since. */
  private heldBy(lease: Lease): [JobQueue, QueuedItem] | undefined {
    const queue = this.queues.get(lease.jobId);
    const item = queue?.live.get(lease.item.key);
    if (!queue || !item || item.leaseId !== lease.id) return undefined;
    return [queue, item];
  }

  private detach(queue: JobQueue, item: QueuedItem): void {
    if (item.state === 'leased') {
      this.leases.remove(item);
      queue.leased -= 1;
    } else if (item.state === 'delayed') {
      this.delayed.remove(item);
    } else {
      queue.ready.remove(item);
      this.syncHead(queue);
    }
  }

  private makeReady(queue: JobQueue, item: QueuedItem): void {
    item.state = 'ready';
    queue.ready.push(item);
    this.syncHead(queue);
  }

  /** Puts the job in line for leases from any job while it has ready items, out of it when it has none. */
  private syncHead(queue: JobQueue): void {
    if (queue.ready.size === 0) this.turns.remove(queue.jobId);
    else this.turns.add(queue.jobId, queue.teamId);
  }
}

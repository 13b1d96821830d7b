import type { Frontier, FrontierEntry, FrontierStats, Lease } from '@trawl/core';
import type { Redis } from 'ioredis';
import { ACK_GRACE_MS, type PendingAcks } from './pending-acks.js';
import type { Scripts } from './scripts.js';
import { requireInteger } from '@trawl/core';

interface StoredItem {
  url: string;
  depth: number;
  data?: unknown;
}

/**
 * The frontier in sorted sets, one script per operation (see lua/frontier-lib.ts for the keys).
 * Lapsed leases and due delays return to the queue when any call looks, at their deadline.
 */
export class RedisFrontier implements Frontier {
  constructor(
    private readonly redis: Redis,
    private readonly scripts: Scripts,
    private readonly prefix: string,
    private readonly now: () => number,
    private readonly pendingAcks: PendingAcks,
  ) {}

  async enqueue(jobId: string, entries: readonly FrontierEntry[], options: { limit?: number } = {}): Promise<FrontierEntry[]> {
    const { limit } = options;
    if (limit !== undefined) requireInteger('limit', limit, 0);
    for (const entry of entries) requireInteger('depth', entry.depth, 0);
    if (entries.length === 0) return [];
    const args: string[] = [];
    const stored = entries.map((entry) => {
      const json = JSON.stringify({ url: entry.url, depth: entry.depth, ...(entry.data === undefined ? {} : { data: entry.data }) });
      args.push(entry.key, json);
      return json;
    });
    const accepted = (await this.scripts.enqueue(this.prefix, jobId, limit ?? '', ...args)) as number[];
    return accepted.map((index) => {
      const item = JSON.parse(stored[index]!) as StoredItem;
      return { url: item.url, key: entries[index]!.key, depth: item.depth, ...('data' in item ? { data: item.data } : {}) };
    });
  }

  async lease(request: { max: number; leaseMs: number; jobId?: string }): Promise<Lease[]> {
    requireInteger('max', request.max, 1);
    requireInteger('leaseMs', request.leaseMs, 1);
    const [deadline, flat] = (await this.scripts.lease(this.prefix, this.now(), request.max, request.leaseMs, request.jobId ?? '')) as [
      number,
      Array<string | number>,
    ];
    const leases: Lease[] = [];
    for (let i = 0; i < flat.length; i += 5) {
      const item = JSON.parse(String(flat[i + 2])) as StoredItem;
      leases.push({
        id: String(flat[i + 4]),
        jobId: String(flat[i]),
        item: { url: item.url, key: String(flat[i + 1]), depth: item.depth, attempt: Number(flat[i + 3]), ...('data' in item ? { data: item.data } : {}) },
        deadline: Number(deadline),
      });
    }
    return leases;
  }

  async ack(lease: Lease): Promise<boolean> {
    const acked = Number(await this.scripts.ack(this.prefix, lease.jobId, lease.item.key, lease.id, this.now(), ACK_GRACE_MS)) === 1;
    if (acked) this.pendingAcks.add(lease.jobId, lease.item.url, { key: lease.item.key, leaseId: lease.id, at: Date.now() });
    return acked;
  }

  async retry(lease: Lease, options: { notBefore?: number } = {}): Promise<boolean> {
    const reply = await this.scripts.retry(this.prefix, lease.jobId, lease.item.key, lease.id, this.now(), options.notBefore ?? 0);
    return Number(reply) === 1;
  }

  async stats(jobId: string): Promise<FrontierStats> {
    const [seen, held, finished] = ((await this.scripts.frontierStats(this.prefix, jobId, this.now())) as number[]).map(Number) as [
      number,
      number,
      number,
    ];
    // Redis holds this process's provisional acks as leased; to this process they are done.
    const own = this.pendingAcks.count(jobId);
    const [leased, done] = [held - own, finished + own];
    return { pending: seen - leased - done, leased, done, seen };
  }

  async isDrained(jobId: string): Promise<boolean> {
    // Lapsed leases are still live items, so no release is needed first. This process's own
    // provisional acks count as done here; other processes' still count as leased, so a job never
    // completes while another worker is between acking a page and recording it.
    return (await this.redis.zcard(`${this.prefix}:f:${jobId}:live`)) <= this.pendingAcks.count(jobId);
  }
}

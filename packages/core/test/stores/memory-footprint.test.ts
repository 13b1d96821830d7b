import { describe, expect, it } from 'vitest';
import { newJob } from '../../src/jobs/job-record.js';
import { sweepExpiredJobs } from '../../src/jobs/expiry.js';
import type { FrontierEntry } from '../../src/ports/store.js';
import { createMemoryStore } from '../../src/stores/memory/index.js';

const EMPTY = {
  jobs: 0,
  resultEntries: 0,
  pageSnapshots: 0,
  monitors: 0,
  queues: 0,
  liveItems: 0,
  seenKeys: 0,
  delayedItems: 0,
  leasedItems: 0,
};

function entries(prefix: string, count: number): FrontierEntry[] {
  return Array.from({ length: count }, (_, i) => ({ url: `https://m.test/${prefix}/${i}`, key: `${prefix}/${i}`, depth: 1 }));
}

describe('memory store footprint', () => {
  it('holds nothing after a hundred job lifetimes end in delete, whatever state their items were in', async () => {
    let now = 1_700_000_000_000;
    const store = createMemoryStore({ now: () => now });
    for (let run = 0; run < 100; run++) {
      const job = newJob({ id: `job-${run}`, kind: 'crawl', teamId: 'team', options: { run } }, { now });
      await store.jobs.create(job);
      await store.frontier.enqueue(job.id, entries(`r${run}`, 40));
      const leases = await store.frontier.lease({ max: 30, leaseMs: 1000, jobId: job.id });
      for (const lease of leases.slice(0, 10)) await store.frontier.ack(lease);
      for (const lease of leases.slice(10, 20)) await store.frontier.retry(lease, { notBefore: now + 60_000 });
      await store.results.append(job.id, [{ kind: 'robots_blocked', url: `https://m.test/r${run}/private` }]);
      // Leases from any job leave marks in the store-wide heaps too.
      await store.frontier.lease({ max: 2, leaseMs: 1000 });
      now += 10;
      await store.jobs.delete(job.id);
    }
    expect(store.footprint()).toEqual(EMPTY);
  });

  it('holds nothing once expired jobs are swept', async () => {
    let now = 1_700_000_000_000;
    const store = createMemoryStore({ now: () => now });
    for (let i = 0; i < 250; i++) {
      const job = newJob({ id: `job-${i}`, kind: 'batch_scrape', teamId: 'team', options: {} }, { now, retentionMs: 1000 });
      await store.jobs.create(job);
      await store.frontier.enqueue(job.id, entries(`s${i}`, 3));
      await store.frontier.lease({ max: 1, leaseMs: 500, jobId: job.id });
    }
    now += 1000;
    expect(await sweepExpiredJobs(store, now, { batchSize: 40 })).toBe(250);
    expect(store.footprint()).toEqual(EMPTY);
  });

  it('starts no timers, so it never keeps a process alive', async () => {
    const before = process.getActiveResourcesInfo().filter((name) => name === 'Timeout').length;
    const store = createMemoryStore();
    await store.frontier.enqueue('job', entries('t', 3));
    const [lease] = await store.frontier.lease({ max: 2, leaseMs: 60_000, jobId: 'job' });
    if (lease) await store.frontier.retry(lease, { notBefore: Date.now() + 60_000 });
    await store.teams.hit('key', 1, 60_000);
    expect(process.getActiveResourcesInfo().filter((name) => name === 'Timeout').length).toBe(before);
  });
});

// No operation scans pending items: the frontier keeps them in IndexedHeaps, whose comparisons
// per operation are counted in indexed-heap.test.ts; how fast 100k items go through is
// `pnpm bench frontier`'s to measure. These tests hold the behaviour at that scale.
describe('memory store at scale', () => {
  it('runs 100k items through enqueue, lease and ack', async () => {
    const store = createMemoryStore();
    const total = 100_000;
    for (let i = 0; i < total; i += 1000) await store.frontier.enqueue('big', entries(`b${i}`, 1000), { limit: total });
    let acked = 0;
    for (;;) {
      const leases = await store.frontier.lease({ max: 500, leaseMs: 60_000, jobId: 'big' });
      if (leases.length === 0) break;
      for (const lease of leases) if (await store.frontier.ack(lease)) acked++;
    }
    expect(acked).toBe(total);
    expect(await store.frontier.isDrained('big')).toBe(true);
  });

  it('leases ready items of another job past 100k delayed items, leaving the delayed ones untouched', async () => {
    let now = 1_700_000_000_000;
    const store = createMemoryStore({ now: () => now });
    const delayed = 100_000;
    for (let i = 0; i < delayed; i += 1000) await store.frontier.enqueue('slow', entries(`d${i}`, 1000));
    for (;;) {
      const leases = await store.frontier.lease({ max: 1000, leaseMs: 60_000, jobId: 'slow' });
      if (leases.length === 0) break;
      for (const lease of leases) await store.frontier.retry(lease, { notBefore: now + 3_600_000 });
    }
    await store.frontier.enqueue('fast', entries('f', 5000));
    for (let i = 0; i < 5000; i++) {
      const [lease] = await store.frontier.lease({ max: 1, leaseMs: 60_000 });
      if (lease?.jobId !== 'fast') throw new Error(`expected a ready item of "fast" at ${i}`);
      await store.frontier.ack(lease);
      now += 1;
    }
    expect(await store.frontier.lease({ max: 1, leaseMs: 60_000 })).toEqual([]);
    expect(await store.frontier.stats('slow')).toEqual({ pending: delayed, leased: 0, done: 0, seen: delayed });
  });
});

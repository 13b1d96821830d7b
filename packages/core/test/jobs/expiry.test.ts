import { describe, expect, it } from 'vitest';
import { cancelJob } from '../../src/jobs/job-events.js';
import { newJob } from '../../src/jobs/job-record.js';
import { sweepExpiredChecks, sweepExpiredJobs } from '../../src/jobs/expiry.js';
import { createMemoryStore } from '../../src/stores/memory/index.js';

describe('sweeping expired jobs', () => {
  it('deletes expired jobs with their results and frontier, and keeps the rest', async () => {
    let now = Date.UTC(2025, 0, 1);
    const store = createMemoryStore({ now: () => now });
    for (let i = 0; i < 7; i++) {
      const job = newJob({ id: `old-${i}`, kind: 'batch_scrape', teamId: 't', options: {} }, { now, retentionMs: 1000 });
      await store.jobs.create(job);
      await store.results.append(job.id, [{ kind: 'robots_blocked', url: `https://e.test/${i}` }]);
      await store.frontier.enqueue(job.id, [{ url: `https://e.test/${i}`, key: `e.test/${i}`, depth: 0 }]);
    }
    await store.jobs.create(newJob({ id: 'fresh', kind: 'crawl', teamId: 't', options: {} }, { now }));
    now += 1000;

    expect(await sweepExpiredJobs(store, now, { batchSize: 3 })).toBe(7);
    expect(await store.jobs.get('fresh')).not.toBeNull();
    expect(await store.results.count('old-0')).toBe(0);
    expect(await store.frontier.stats('old-6')).toEqual({ pending: 0, leased: 0, done: 0, seen: 0 });
    expect(await sweepExpiredJobs(store, now)).toBe(0);
  });

  it('keeps a job for the full retention after it ends', async () => {
    let now = Date.UTC(2025, 0, 1);
    const store = createMemoryStore({ now: () => now });
    await store.jobs.create(newJob({ id: 'j', kind: 'crawl', teamId: 't', options: {} }, { now, retentionMs: 1000 }));
    now += 900;
    await cancelJob(store, 'j', { now, retentionMs: 1000 });
    now += 500;
    expect(await sweepExpiredJobs(store, now)).toBe(0);
    expect((await store.jobs.get('j'))?.status).toBe('cancelled');
    now += 500;
    expect(await sweepExpiredJobs(store, now)).toBe(1);
    expect(await store.jobs.get('j')).toBeNull();
  });

  it('also deletes monitor checks past their retention, every batch of them, and keeps the rest', async () => {
    let now = Date.UTC(2025, 0, 1);
    const store = createMemoryStore({ now: () => now });
    const day = 86_400_000;
    for (const id of ['paused', 'kept']) await store.monitors.create({ id, teamId: 't', createdAt: now, spec: {}, nextRunAt: null });
    for (let i = 0; i < 7; i++)
      await store.monitors.saveCheck({ id: `c${i}`, monitorId: 'paused', createdAt: now + i, check: {} }, { keep: 100, maxAgeMs: day });
    await store.monitors.saveCheck({ id: 'longer', monitorId: 'kept', createdAt: now, check: {} }, { keep: 100, maxAgeMs: 2 * day });
    await store.monitors.saveCheck({ id: 'no-age', monitorId: 'kept', createdAt: now, check: {} }, { keep: 100 });
    now += day + 3;
    // c0..c3 have expired; c4..c6 expire in the next milliseconds.
    expect(await sweepExpiredChecks(store, { batchSize: 3 })).toBe(4);
    now += 10;
    await sweepExpiredJobs(store, now, { batchSize: 2 });
    expect(await store.monitors.listChecks('paused', { offset: 0, limit: 10 })).toEqual([]);
    expect((await store.monitors.listChecks('kept', { offset: 0, limit: 10 })).map((c) => c.id).sort()).toEqual(['longer', 'no-age']);
  });
});

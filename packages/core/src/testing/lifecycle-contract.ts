import { describe, expect, it } from 'vitest';
import type { Store } from '../ports/store.js';
import { entry } from './frontier-queue-contract.js';
import type { Harness, StoreFactory } from './harness.js';
import { sampleJob } from './jobs-contract.js';
import { documentEntry, errorEntry } from './results-contract.js';

/** Short enough to pass in real time, long enough that a busy machine does not pass it early. */
const TTL_MS = 200;

/** Gives a job results and a frontier with a done, a leased and a pending item. */
async function populate(store: Store, jobId: string, now: number): Promise<void> {
  await store.results.append(jobId, [documentEntry('https://d.test/1'), errorEntry('https://d.test/2', now)]);
  await store.frontier.enqueue(jobId, [entry('1'), entry('2'), entry('3')]);
  const [done] = await store.frontier.lease({ max: 2, leaseMs: 60_000, jobId });
  if (done) await store.frontier.ack(done);
}

export function describeLifecycle(h: Harness, makeStore: StoreFactory): void {
  describe('expiry and deletion', () => {
    it('reads an expired job as missing and lists it as expired', async () => {
      const expiring = sampleJob(h, { expiresAt: h.now() + TTL_MS });
      const lasting = sampleJob(h);
      await h.store().jobs.create(expiring);
      await h.store().jobs.create(lasting);
      expect(await h.store().jobs.get(expiring.id)).not.toBeNull();
      await h.elapse(TTL_MS + 100);

      const jobs = h.store().jobs;
      expect(await jobs.get(expiring.id)).toBeNull();
      expect(await jobs.setStatus(expiring.id, 'scraping', 'completed')).toBeNull();
      expect(await jobs.increment(expiring.id, { total: 1 })).toBeNull();
      expect(await jobs.saveOutput(expiring.id, { late: true })).toBeNull();
      const expired = await jobs.listExpired({ before: h.now(), limit: 1000 });
      expect(expired).toContain(expiring.id);
      expect(expired).not.toContain(lasting.id);
      expect(await jobs.get(lasting.id)).not.toBeNull();
    });

    it('lists at most `limit` expired jobs', async () => {
      const now = h.now();
      for (let i = 0; i < 3; i++) await h.store().jobs.create(sampleJob(h, { createdAt: now - 2000, expiresAt: now - 1000 }));
      expect(await h.store().jobs.listExpired({ before: now, limit: 2 })).toHaveLength(2);
    });

    it('deletes a job with its results and frontier, leaving other jobs alone', async () => {
      const store = h.store();
      const doomed = sampleJob(h);
      const kept = sampleJob(h);
      await store.jobs.create(doomed);
      await store.jobs.create(kept);
      await populate(store, doomed.id, h.now());
      await populate(store, kept.id, h.now());

      expect(await store.jobs.delete(doomed.id)).toBe(true);
      expect(await store.jobs.get(doomed.id)).toBeNull();
      expect(await store.results.count(doomed.id)).toBe(0);
      expect(await store.frontier.stats(doomed.id)).toEqual({ pending: 0, leased: 0, done: 0, seen: 0 });
      expect(await store.frontier.isDrained(doomed.id)).toBe(true);
      expect(await store.frontier.lease({ max: 10, leaseMs: 60_000, jobId: doomed.id })).toEqual([]);
      expect(await store.frontier.enqueue(doomed.id, [entry('1')])).toEqual([entry('1')]);

      expect(await store.jobs.get(kept.id)).not.toBeNull();
      expect(await store.results.count(kept.id)).toBe(2);
      expect(await store.frontier.stats(kept.id)).toEqual({ pending: 1, leased: 1, done: 1, seen: 3 });
      expect(await store.jobs.delete(h.id('missing'))).toBe(false);
    });

    it('deletes an expired job found by listExpired completely', async () => {
      const store = h.store();
      const job = sampleJob(h, { expiresAt: h.now() + TTL_MS });
      await store.jobs.create(job);
      await populate(store, job.id, h.now());
      await h.elapse(TTL_MS + 100);
      for (const id of await store.jobs.listExpired({ before: h.now(), limit: 1000 })) await store.jobs.delete(id);
      expect(await store.jobs.listExpired({ before: h.now(), limit: 1000 })).not.toContain(job.id);
      expect(await store.results.count(job.id)).toBe(0);
      expect(await store.frontier.stats(job.id)).toEqual({ pending: 0, leased: 0, done: 0, seen: 0 });
    });

    it('closes, and closing twice is harmless', async () => {
      const store = await makeStore({ now: h.now });
      await store.jobs.create(sampleJob(h));
      await store.close();
      await expect(store.close()).resolves.toBeUndefined();
    });
  });
}

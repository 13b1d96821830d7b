import { randomUUID } from 'node:crypto';
import type { DocumentEntry, FrontierEntry, Lease } from '@trawl/core/ports';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createRedisStore, type RedisStore } from '../src/index.js';
import { startPrivateRedis, type PrivateRedis } from './private-redis.js';

const entry: FrontierEntry = { url: 'https://lost.test/page', key: 'https://lost.test/page', depth: 1 };
const result: DocumentEntry = {
  kind: 'document',
  url: entry.url,
  document: { markdown: '# page', metadata: { sourceURL: entry.url, url: entry.url, statusCode: 200 } },
};

/**
 * Issue 31: a crawl across a Redis restart sometimes completed with a page short. A page acked
 * just before the outage whose record then failed (core's next call met the outage) stayed in
 * this process's pending acks, and the settle timer completed it in BullMQ a few seconds later:
 * the page was never recorded, or its result never counted. Now an ack the lost connection
 * interrupted is let go, so the page runs again.
 */
describe('a page acked just before Redis goes away', () => {
  let redis: PrivateRedis | undefined;
  const opened: RedisStore[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });
  afterAll(async () => {
    await redis?.close();
  });

  async function leasedPage(): Promise<{ store: RedisStore; jobId: string; lease: Lease }> {
    redis ??= await startPrivateRedis();
    const store = createRedisStore({ url: redis.url, prefix: `ack-outage-${randomUUID()}`, stalledCheckMs: 100 });
    opened.push(store);
    const jobId = `job-${randomUUID()}`;
    const now = Date.now();
    await store.jobs.create({ id: jobId, kind: 'crawl', teamId: 'team', options: {}, createdAt: now, expiresAt: now + 3_600_000 });
    await store.frontier.enqueue(jobId, [entry]);
    const [lease] = await store.frontier.lease({ max: 1, leaseMs: 60_000, jobId });
    expect(lease && (await store.frontier.ack(lease))).toBe(true);
    return { store, jobId, lease: lease! };
  }

  /** Kills Redis, runs `cut` (which must fail on the outage), and starts Redis again. */
  async function outage(cut: () => Promise<unknown>): Promise<void> {
    await redis!.kill();
    await expect(cut()).rejects.toMatchObject({ code: 'STORE_UNAVAILABLE' });
    await redis!.restart();
  }

  function leaseAgain(store: RedisStore, jobId: string, timeout: number): Promise<Lease> {
    return vi.waitFor(
      async () => {
        const [lease] = await store.frontier.lease({ max: 1, leaseMs: 60_000, jobId }).catch(() => []);
        if (!lease) throw new Error('not handed out again yet');
        return lease;
      },
      { timeout, interval: 100 },
    );
  }

  async function recordAgain(store: RedisStore, jobId: string, lease: Lease): Promise<void> {
    expect(lease.item.url).toBe(entry.url);
    expect(await store.frontier.ack(lease)).toBe(true);
    await store.results.append(jobId, [result]);
    await store.jobs.increment(jobId, { completed: 1 });
    expect((await store.jobs.get(jobId))?.counters.completed).toBe(1);
    // A result that reached Redis before the outage is kept once.
    expect(await store.results.count(jobId)).toBe(1);
  }

  it('hands the page back at once when core retries the lease its outage cut short', async () => {
    const { store, jobId, lease } = await leasedPage();
    // Core's next call after the ack (reading the job before the append) meets the outage.
    await outage(() => store.jobs.get(jobId));
    await vi.waitFor(async () => expect(await store.frontier.retry(lease)).toBe(true), { timeout: 10_000, interval: 100 });
    await recordAgain(store, jobId, await leaseAgain(store, jobId, 5_000));
  }, 60_000);

  it('lets a recorded, uncounted page run again rather than complete it uncounted', async () => {
    const { store, jobId } = await leasedPage();
    await store.results.append(jobId, [result]);
    // The count's read of the job meets the outage; nobody hands the lease back.
    await outage(() => store.jobs.get(jobId));
    // The ack's lock lapses after its grace and BullMQ's stalled check puts the page back.
    await recordAgain(store, jobId, await leaseAgain(store, jobId, 30_000));
  }, 60_000);
});

import { afterAll, expect, it } from 'vitest';
import { startCrawlJob } from '@trawl/core/server';
import { killWorkerMidCrawl, type WorkerProcess } from '@trawl/testkit';
import { createRedisStore } from '../src/index.js';
import { startPrivateRedis } from './private-redis.js';

/** Past a hold owner's lease (PROCESS_HOLD_OWNER.leaseMs, a minute): what a sweep a minute later sees. */
const AFTER_LEASE_MS = 61_000;
const PREFIX = 'holds-after-kill';

const workers: WorkerProcess[] = [];
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.stop()));
});

it('gives back the holds of a worker killed mid-crawl on a private Redis, and charges each page once in the end', async () => {
  const redis = await startPrivateRedis();
  const store = createRedisStore({ url: redis.url, prefix: PREFIX });
  // The same Redis read a minute later: the killed worker's owner lease has lapsed by its clock.
  const later = createRedisStore({ url: redis.url, prefix: PREFIX, now: () => Date.now() + AFTER_LEASE_MS });
  try {
    const startCrawl = async (url: string, teamId: string) =>
      (await startCrawlJob(url, { limit: 1000 }, { store, teamId, apiKey: 'key' })).id;
    const figures = await killWorkerMidCrawl({ store, later, startCrawl, storeArg: `${redis.url}?prefix=${PREFIX}`, workers });
    expect(figures.reclaimed).toBeGreaterThan(0);
    console.info(`redis: ${figures.reclaimed} holds reclaimed, ${figures.unsettledAtKill} recorded pages unsettled at the kill`);
  } finally {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    await later.close();
    await store.close();
    await redis.close();
  }
}, 180_000);

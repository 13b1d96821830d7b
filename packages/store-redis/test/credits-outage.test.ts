import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import type { JobRecord } from '@trawl/core/ports';
import { pendingSettlements, startCrawlJob, startWorker } from '@trawl/core/server';
import { startSyntheticSite, waitFor } from '@trawl/testkit';
import { createRedisStore, type RedisStore } from '../src/index.js';
import { startPrivateRedis, type PrivateRedis } from './private-redis.js';

const PAGES = 60;
const BALANCE = 1_000;
const DOWN_MS = 4_000;

/**
 * Issue 31: a page's credit hold was settled after the page, and a settlement that met a store
 * outage threw and was lost: the team paid the whole hold of every page the outage cut short,
 * and paid again when the page ran once more. Now a settlement the store could not take is kept
 * and done once Redis answers again. The balance after the crawl is exactly what its documents cost.
 */
describe('credits across a Redis restart mid-crawl', () => {
  let redis: PrivateRedis | undefined;
  let store: RedisStore | undefined;
  afterAll(async () => {
    await store?.close();
    await redis?.close();
  });

  it('charges each recorded page once and gives every other hold back', async () => {
    redis = await startPrivateRedis();
    store = createRedisStore({ url: redis.url, prefix: 'credits-outage' });
    const site = await startSyntheticSite({ pages: PAGES, minPageBytes: 400, maxPageBytes: 1200, pageDelayMs: 150 });
    const quiet = { error: () => undefined };
    const worker = startWorker({ store, concurrency: 6, leaseMs: 5_000, logger: quiet });
    try {
      await store.teams.setCredits('team-a', BALANCE);
      const job = await startCrawlJob(site.url, { limit: 1_000 }, { store, teamId: 'team-a', apiKey: 'key-a' });
      const current = store;
      await waitFor(
        'some pages crawled',
        async () => (((await current.jobs.get(job.id))?.counters.completed ?? 0) >= 10 ? true : undefined),
        60_000,
      );

      // Killed while pages are in flight: their records and settlements fail until it is back.
      await redis.kill();
      await sleep(DOWN_MS);
      await redis.restart();

      const final = await waitFor(
        'the crawl to finish',
        async (): Promise<JobRecord | undefined> => {
          const now = await current.jobs.get(job.id).catch(() => undefined);
          return now && now.status !== 'scraping' ? now : undefined;
        },
        120_000,
      );
      expect(final).toMatchObject({ status: 'completed', counters: expect.objectContaining({ total: PAGES, completed: PAGES }) });
      await waitFor('the kept settlements', async () => (pendingSettlements() === 0 ? true : undefined), 30_000);
      // One credit a page, each recorded page once: no hold lost, none charged twice.
      expect(await store.teams.getCredits('team-a')).toBe(BALANCE - PAGES);
      const usage = await store.teams.listUsage('team-a');
      expect(usage.reduce((sum, row) => sum + row.credits, 0)).toBe(PAGES);
    } finally {
      await worker.stop();
      await site.close();
    }
  }, 240_000);
});

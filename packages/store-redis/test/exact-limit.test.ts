import { afterAll, describe, expect, it } from 'vitest';
import { startCrawlJob } from '@trawl/core/server';
import type { JobRecord } from '@trawl/core/ports';
import { startSyntheticSite, startWorkerProcess, waitFor, type WorkerProcess } from '@trawl/testkit';
import { createRedisStore } from '../src/index.js';
import { deleteKeys, NO_REDIS_MESSAGE, REDIS_URL, redisAnswers, uniquePrefix } from './redis-server.js';

const CRAWLS = 20;
const LIMIT = 40;

const available = await redisAnswers();
if (!available) console.warn(NO_REDIS_MESSAGE);

/**
 * Issue 31 row 10: with two workers enqueueing links of one crawl at the same time, the limit was
 * checked against counters read apart from the enqueue, so 2-3 crawls in 20 returned limit + 1
 * documents. The frontier now admits a page against the limit in the script that accepts it.
 */
describe.skipIf(!available)(available ? 'redis store: the crawl limit across workers' : NO_REDIS_MESSAGE, () => {
  const prefix = uniquePrefix('exact-limit');
  const workers: WorkerProcess[] = [];
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    await deleteKeys(prefix);
  });

  it(`${CRAWLS} concurrent crawls on two workers each return exactly their limit`, async () => {
    const site = await startSyntheticSite({ pages: 400, minPageBytes: 300, maxPageBytes: 900, linksPerPage: 12 });
    const store = createRedisStore({ url: REDIS_URL, prefix });
    try {
      const workerArgs = ['--store', `${REDIS_URL}?prefix=${prefix}`, '--allow-private-network', '--concurrency', '16'];
      workers.push(...(await Promise.all([startWorkerProcess(workerArgs), startWorkerProcess(workerArgs)])));
      // Half the crawls read the sitemap (the kickoff enqueues it while the other worker follows
      // the start page's links), half follow links only.
      const jobs = await Promise.all(
        Array.from({ length: CRAWLS }, (_, i) => startCrawlJob(site.url, { limit: LIMIT, ignoreSitemap: i % 2 === 0 }, { store })),
      );
      const finished = await Promise.all(
        jobs.map((job) =>
          waitFor(
            `crawl ${job.id} to finish`,
            async (): Promise<JobRecord | undefined> => {
              const now = await store.jobs.get(job.id);
              return now && now.status !== 'scraping' ? now : undefined;
            },
            170_000,
          ),
        ),
      );
      const outcomes = await Promise.all(
        finished.map(async (job) => ({
          status: job.status,
          counters: job.counters,
          documents: await store.results.count(job.id, 'document'),
        })),
      );
      const exact = {
        status: 'completed',
        counters: expect.objectContaining({ total: LIMIT, completed: LIMIT, failed: 0 }),
        documents: LIMIT,
      };
      expect(outcomes).toEqual(Array.from({ length: CRAWLS }, () => exact));
      for (const worker of workers) expect(worker.child.exitCode).toBeNull();
    } finally {
      await store.close();
      await site.close();
    }
  }, 180_000);
});

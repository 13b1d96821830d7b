import { afterAll, describe, expect, it } from 'vitest';
import type { DocumentEntry, ResultEntry, Store } from '@trawl/core/ports';
import { startSyntheticSite, startTrawl, startWorkerProcess, waitFor, type WorkerProcess } from '@trawl/testkit';
import { createRedisStore } from '../src/index.js';
import { deleteKeys, NO_REDIS_MESSAGE, postCrawl, REDIS_URL, redisAnswers, uniquePrefix } from './redis-server.js';

const PAGES = 500;
const LEASE_MS = 3000;

const available = await redisAnswers();
if (!available) console.warn(NO_REDIS_MESSAGE);

async function allEntries(store: Store, jobId: string): Promise<ResultEntry[]> {
  const entries: ResultEntry[] = [];
  for (let offset: number | null = 0; offset !== null; ) {
    const page = await store.results.read(jobId, { offset, maxCount: 200, maxBytes: 10_000_000 });
    entries.push(...page.entries);
    offset = page.next;
  }
  return entries;
}

describe.skipIf(!available)(available ? 'redis store across processes' : NO_REDIS_MESSAGE, () => {
  const prefix = uniquePrefix('distributed');
  const workers: WorkerProcess[] = [];
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    await deleteKeys(prefix);
  });

  it('crawls 500 pages through an API node and two workers, one killed mid-crawl, every page exactly once', async () => {
    const site = await startSyntheticSite({ pages: PAGES, minPageBytes: 2000, maxPageBytes: 6000 });
    // Read-only view of the same Redis, to check what the processes wrote.
    const observer = createRedisStore({ url: REDIS_URL, prefix });
    try {
      const storeUrl = `${REDIS_URL}?prefix=${prefix}`;
      const workerArgs = ['--store', storeUrl, '--lease-ms', String(LEASE_MS), '--allow-private-network'];
      const [apiNode, doomed, survivor] = await Promise.all([
        startTrawl(['serve', '--store', storeUrl, '--no-worker', '--port', '0'], /listening on http:\S+/, {
          ...process.env,
          TRAWL_ALLOW_PRIVATE_NETWORK: 'true',
        }),
        startWorkerProcess(workerArgs),
        startWorkerProcess(workerArgs),
      ]);
      workers.push(apiNode, doomed, survivor);
      const api = /listening on (http:\S+)/.exec(apiNode.log())![1]!;

      const id = await postCrawl(api, { url: site.url, limit: 1000 });

      await waitFor('a fifth of the pages', async () => ((await observer.results.count(id, 'document')) >= PAGES / 5 ? true : undefined));
      await doomed.kill();
      expect(await observer.results.count(id, 'document')).toBeLessThan(PAGES);

      const status = await waitFor(
        'the crawl to finish',
        async () => {
          const body = (await (await fetch(`${api}/v1/crawl/${id}`)).json()) as { status: string; total: number; completed: number };
          return body.status === 'scraping' ? undefined : body;
        },
        100_000,
      );
      expect(status).toMatchObject({ status: 'completed', total: PAGES, completed: PAGES });
      expect(await observer.jobs.get(id)).toMatchObject({ counters: { total: PAGES, completed: PAGES, failed: 0 } });
      const entries = await allEntries(observer, id);
      const paths = entries
        .filter((entry): entry is DocumentEntry => entry.kind === 'document')
        .map((entry) => new URL(entry.url).pathname);
      expect(entries).toHaveLength(PAGES);
      expect(new Set(paths)).toEqual(new Set(site.pagePaths));
      // Nothing is left to run. A lease the killed worker held can still read as `leased` until it
      // expires; the job is terminal by then, so whoever leases it next only acks it.
      expect(await observer.frontier.stats(id)).toMatchObject({ pending: 0 });
      expect(survivor.log()).toContain(`job ${id} completed: ${PAGES} pages, 0 failed`);
    } finally {
      await observer.close();
      await site.close();
    }
  }, 180_000);
});

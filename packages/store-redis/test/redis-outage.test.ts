import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { startSyntheticSite, startTrawl, waitFor, type WorkerProcess } from '@trawl/testkit';
import { postCrawl } from './redis-server.js';
import { startPrivateRedis, type PrivateRedis } from './private-redis.js';

const PAGES = 120;
const DOWN_MS = 8_000;

/**
 * Issue 31 row 3: Redis restarting mid-crawl made both workers exit on an unhandled
 * MaxRetriesPerRequestError, and pages in flight were recorded as INTERNAL errors. Now the
 * workers pause leasing, hand back the pages the outage cut short, and carry on; the API answers
 * 503 on /readyz while Redis is away.
 */
describe('a crawl across a Redis restart (API node and two workers)', () => {
  const processes: WorkerProcess[] = [];
  let redis: PrivateRedis | undefined;
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await redis?.close();
  });

  it('completes with every page, no INTERNAL error, and every process still up', async () => {
    redis = await startPrivateRedis();
    const site = await startSyntheticSite({ pages: PAGES, minPageBytes: 400, maxPageBytes: 1200, pageDelayMs: 150 });
    try {
      const storeUrl = `${redis.url}?prefix=outage`;
      const env = { ...process.env, TRAWL_BROWSER: 'off', TRAWL_ALLOW_PRIVATE_NETWORK: 'true' };
      const workerArgs = ['--store', storeUrl, '--lease-ms', '5000', '--concurrency', '4'];
      const [apiNode, ...workers] = await Promise.all([
        startTrawl(['serve', '--store', storeUrl, '--no-worker', '--port', '0'], /listening on http:\S+/, env),
        startTrawl(['worker', ...workerArgs], /worker ready/, env),
        startTrawl(['worker', ...workerArgs], /worker ready/, env),
      ]);
      processes.push(apiNode!, ...workers);
      const api = /listening on (http:\S+)/.exec(apiNode!.log())![1]!;
      const status = async (id: string) => (await (await fetch(`${api}/v1/crawl/${id}`)).json()) as Record<string, any>;

      const id = await postCrawl(api, { url: site.url, limit: 1000 });
      await waitFor('some pages crawled', async () => ((await status(id)).completed >= 15 ? true : undefined), 60_000);

      await redis.kill();
      const down = Date.now();
      const notReady = await waitFor('/readyz to say not ready', async () => {
        const answer = await fetch(`${api}/readyz`);
        return answer.status === 503 ? answer : undefined;
      });
      expect(await notReady.json()).toMatchObject({ status: 'not ready' });
      const read = await fetch(`${api}/v1/crawl/${id}`);
      expect(read.status).toBe(503);
      expect(await read.json()).toMatchObject({ code: 'STORE_UNAVAILABLE' });
      expect(read.headers.get('retry-after')).toBe('5');
      await sleep(Math.max(0, DOWN_MS - (Date.now() - down)));
      await redis.restart();
      await waitFor('/readyz to say ready', async () => ((await fetch(`${api}/readyz`)).status === 200 ? true : undefined));

      const final = await waitFor(
        'the crawl to finish',
        async () => {
          const body = await status(id);
          return body.status === 'scraping' ? undefined : body;
        },
        120_000,
      );
      expect(final).toMatchObject({ status: 'completed', total: PAGES, completed: PAGES });
      const errors = (await (await fetch(`${api}/v1/crawl/${id}/errors`)).json()) as { errors: unknown[] };
      expect(errors.errors).toEqual([]);
      const paths = new Set<string>();
      for (let next: string | undefined = `${api}/v1/crawl/${id}`; next; ) {
        const page = (await (await fetch(next)).json()) as { data: Array<{ metadata: { url: string } }>; next?: string };
        for (const document of page.data) paths.add(new URL(document.metadata.url).pathname);
        next = page.next;
      }
      expect(paths).toEqual(new Set(site.pagePaths));
      for (const process of processes) expect(process.child.exitCode).toBeNull();
      for (const worker of workers) expect(worker.log()).not.toMatch(/MaxRetriesPerRequestError|Unhandled/);
      expect(workers.some((worker) => /leasing paused/.test(worker.log()) && /leasing resumed/.test(worker.log()))).toBe(true);
    } finally {
      await site.close();
    }
  }, 240_000);
});

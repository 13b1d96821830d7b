import { afterAll, describe, expect, it } from 'vitest';
import { startFixtureSite, startTrawl, waitFor, type WorkerProcess } from '@trawl/testkit';
import { deleteKeys, NO_REDIS_MESSAGE, REDIS_URL, redisAnswers, uniquePrefix } from './redis-server.js';

const available = await redisAnswers();
if (!available) console.warn(NO_REDIS_MESSAGE);

/**
 * The policy that counts is the one of the process that fetches: an API node that allows private
 * addresses hands the crawl to a worker that does not, and the crawl reports the refusal.
 */
describe.skipIf(!available)(available ? 'a split serve/worker set-up whose worker blocks private addresses' : NO_REDIS_MESSAGE, () => {
  const prefix = uniquePrefix('blocked-worker');
  const processes: WorkerProcess[] = [];
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await deleteKeys(prefix);
  });

  it('records the start URL as SCRAPE_BLOCKED_URL, never as robots-blocked', async () => {
    const site = await startFixtureSite();
    try {
      const storeUrl = `${REDIS_URL}?prefix=${prefix}`;
      const env = { ...process.env, TRAWL_BROWSER: 'off', TRAWL_ALLOW_PRIVATE_NETWORK: 'false' };
      const [apiNode, worker] = await Promise.all([
        startTrawl(['serve', '--store', storeUrl, '--no-worker', '--port', '0', '--allow-private-network'], /listening on http:\S+/, env),
        startTrawl(['worker', '--store', storeUrl], /worker ready/, env),
      ]);
      processes.push(apiNode, worker);
      expect(apiNode.log()).toMatch(/^private networks: allowed/m);
      expect(worker.log()).toMatch(/^private networks: blocked/m);
      const api = /listening on (http:\S+)/.exec(apiNode.log())![1]!;
      const get = async (path: string) => (await fetch(`${api}${path}`)).json() as Promise<Record<string, any>>;

      const started = await fetch(`${api}/v1/crawl`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url: `${site.url}/crawl/`, limit: 5 }),
      });
      expect(started.status).toBe(200);
      const { id } = (await started.json()) as { id: string };
      const status = await waitFor('the crawl to end', async () => {
        const body = await get(`/v1/crawl/${id}`);
        return body.status === 'scraping' ? undefined : body;
      });
      expect(status).toMatchObject({ completed: 0, data: [] });
      const errors = await get(`/v1/crawl/${id}/errors`);
      expect(errors.robotsBlocked).toEqual([]);
      expect(errors.errors).toEqual([
        expect.objectContaining({
          url: `${site.url}/crawl/`,
          code: 'SCRAPE_BLOCKED_URL',
          error: expect.stringContaining('--allow-private-network'),
        }),
      ]);
      // The worker refused it before any request: not even robots.txt was read.
      expect(site.hits('/robots.txt')).toBe(0);
      expect(site.hits('/crawl/')).toBe(0);
    } finally {
      await site.close();
    }
  }, 120_000);
});

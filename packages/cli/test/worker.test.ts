import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verifySignature } from '@trawl/http';
import { startFixtureSite, startReceiver, startTrawl, waitFor, type FixtureSite, type Receiver, type WorkerProcess } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServe, type ServeProcess } from './serve-process.js';

const SECRET = 'whsec-worker';

let site: FixtureSite;
let dir: string;
let receiver: Receiver;

beforeAll(async () => {
  site = await startFixtureSite();
  dir = await mkdtemp(join(tmpdir(), 'trawl-worker-'));
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await site?.close();
  await rm(dir, { recursive: true, force: true });
});

/** `trawl worker` as its own process, on a private-network fixture site. */
function startWorker(store: string, env: Record<string, string>): Promise<WorkerProcess> {
  return startTrawl(['worker', '--store', store, '--allow-private-network'], /worker ready/, { ...process.env, ...env });
}

const request = async (url: string, init: RequestInit = {}) => {
  const response = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json', authorization: 'Bearer key-a', ...init.headers },
  });
  return { status: response.status, body: await response.json() };
};

describe('trawl worker', { timeout: 120_000 }, () => {
  it('runs the jobs of an API node without a worker, billing their pages and sending their webhooks', async () => {
    const store = `sqlite:${join(dir, 'shared.db')}`;
    let server: ServeProcess | undefined;
    const worker = await startWorker(store, { TRAWL_WEBHOOK_SECRET: SECRET, TRAWL_BROWSER: 'off' });
    try {
      server = await spawnServe(['--no-worker'], {
        cwd: dir,
        env: {
          TRAWL_STORE: store,
          TRAWL_API_KEYS: 'key-a:team-a',
          TRAWL_CREDITS: 'team-a:100',
          TRAWL_ALLOW_PRIVATE_NETWORK: 'true',
          TRAWL_WEBHOOK_SECRET: SECRET,
        },
      }).ready;
      const urls = [`${site.url}/blog/1`, `${site.url}/blog/2`];
      const started = await request(`${server.url}/v1/batch/scrape`, {
        method: 'POST',
        body: JSON.stringify({ urls, webhook: receiver.url }),
      });
      expect(started.status).toBe(200);

      const statusUrl = `${server.url}/v1/batch/scrape/${started.body.id}`;
      const status = await waitFor('the batch to finish', async () => {
        const current = await request(statusUrl);
        return current.body.status === 'scraping' ? undefined : current;
      });
      expect(status.body).toMatchObject({ status: 'completed', total: 2, completed: 2 });

      // Webhooks follow the pages a moment after they are recorded: started, two pages, completed.
      await receiver.waitForRequests(4, 10_000);
      // `started` comes from the API node that took the request; the rest from the worker.
      expect(receiver.requests.map((r) => r.json.type).sort()).toEqual([
        'batch_scrape.completed',
        'batch_scrape.page',
        'batch_scrape.page',
        'batch_scrape.started',
      ]);
      for (const delivery of receiver.requests)
        expect(verifySignature(delivery.body, delivery.headers['x-trawl-signature'] as string | undefined, SECRET)).toBe(true);
      const usage = await request(`${server.url}/v1/team/credit-usage`);
      expect(usage.body.data.remaining_credits).toBe(98);
    } finally {
      await server?.stop();
      expect(await worker.stop()).toBe(0);
    }
    expect(worker.log()).toMatch(/job \S+ completed: 2 pages, 0 failed/);
    // The SSRF policy it ran with was printed on start.
    expect(worker.log()).toMatch(/^private networks: allowed \(SSRF guard off/m);
  });

  it('reads TRAWL_ALLOW_PRIVATE_NETWORK as trawl serve does: a value that is not true or false stops it', async () => {
    const started = startTrawl(['worker', '--store', 'memory'], /worker ready/, { ...process.env, TRAWL_ALLOW_PRIVATE_NETWORK: 'maybe' });
    await expect(started).rejects.toThrow(/TRAWL_ALLOW_PRIVATE_NETWORK must be true or false, not "maybe"/);
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifySignature } from '@trawl/http';
import Firecrawl from 'firecrawl-v4';
import { startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { startApi, type TestApi } from './helpers/api-server.js';

/** A webhook receiver on 127.0.0.1 that keeps every delivery. */
interface Delivery {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  raw: string;
  body: { success: boolean; type: string; id: string; data: any[]; metadata: Record<string, unknown>; error?: string };
}

let site: FixtureSite;
let receiver: Server;
let receiverUrl: string;
const deliveries: Delivery[] = [];
const SECRET = 'whsec-test';
let api: TestApi;

beforeAll(async () => {
  site = await startFixtureSite();
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      deliveries.push({ path: req.url ?? '', headers: req.headers, raw, body: JSON.parse(raw) });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  api = await startApi({ webhooks: { secret: SECRET } });
});
afterAll(async () => {
  await api?.close();
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
  await site?.close();
});

async function deliveriesFor(id: string, until: (list: Delivery[]) => boolean): Promise<Delivery[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const list = deliveries.filter((d) => d.body.id === id);
    if (until(list)) return list;
    if (Date.now() > deadline) throw new Error(`webhooks of ${id}: got ${list.map((d) => d.body.type).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('webhooks', () => {
  it('sends batch_scrape started, page and completed with headers, metadata and a signature', async () => {
    const start = await api.request('POST', '/v1/batch/scrape', {
      body: {
        urls: [`${site.url}/blog/1`, `${site.url}/blog/2`],
        webhook: { url: `${receiverUrl}/hooks/batch`, headers: { 'x-receiver-token': 'abc' }, metadata: { run: 7 } },
      },
    });
    const id = start.body.id;
    const list = await deliveriesFor(id, (l) => l.some((d) => d.body.type === 'batch_scrape.completed'));
    expect(list.map((d) => d.body.type)).toEqual([
      'batch_scrape.started',
      'batch_scrape.page',
      'batch_scrape.page',
      'batch_scrape.completed',
    ]);
    for (const d of list) {
      expect(d.path).toBe('/hooks/batch');
      expect(d.headers['x-receiver-token']).toBe('abc');
      expect(d.body).toMatchObject({ success: true, id, metadata: { run: 7 } });
      expect(verifySignature(d.raw, d.headers['x-trawl-signature'] as string, SECRET)).toBe(true);
      // Firecrawl's header carries the same signature, for receivers written for Firecrawl.
      expect(d.headers['x-firecrawl-signature']).toBe(d.headers['x-trawl-signature']);
      // v1's envelope has no webhookId.
      expect('webhookId' in d.body).toBe(false);
    }
    const pages = list.filter((d) => d.body.type === 'batch_scrape.page');
    expect(pages.map((d) => d.body.data[0].metadata.sourceURL).sort()).toEqual([`${site.url}/blog/1`, `${site.url}/blog/2`]);
    expect(pages[0]!.body.data[0].markdown).toEqual(expect.any(String));
    expect(list[0]!.body.data).toEqual([]);
  });

  it('sends crawl events to a bare URL, filtered by `events`, and reports failed pages', async () => {
    const start = await api.request('POST', '/v1/crawl', {
      body: { url: `${site.url}/crawl/c`, ignoreSitemap: true, limit: 2, webhook: `${receiverUrl}/hooks/crawl` },
    });
    const list = await deliveriesFor(start.body.id, (l) => l.some((d) => d.body.type === 'crawl.completed'));
    expect(list[0]!.body.type).toBe('crawl.started');
    expect(list.at(-1)!.body.type).toBe('crawl.completed');
    expect(list.filter((d) => d.body.type === 'crawl.page').length).toBeGreaterThanOrEqual(1);

    const filtered = await api.request('POST', '/v1/batch/scrape', {
      body: {
        urls: [`${site.url}/status/404`, `${site.url}/blog/3`],
        webhook: { url: `${receiverUrl}/hooks/filtered`, events: ['page', 'completed'] },
      },
    });
    const only = await deliveriesFor(filtered.body.id, (l) => l.some((d) => d.body.type === 'batch_scrape.completed'));
    expect(only.map((d) => d.body.type).sort()).toEqual(['batch_scrape.completed', 'batch_scrape.page', 'batch_scrape.page']);
    const failedPage = only.find((d) => d.body.type === 'batch_scrape.page' && !d.body.success);
    expect(failedPage?.body.data[0].metadata.sourceURL).toBe(`${site.url}/status/404`);
    expect(failedPage?.body.error).toMatch(/404/);
  });

  it('ends a cancelled job with completed, as Firecrawl does', async () => {
    const start = await api.request('POST', '/v1/crawl', {
      body: { url: `${site.url}/slow?ms=1500`, webhook: `${receiverUrl}/hooks/cancel` },
    });
    await api.request('DELETE', `/v1/crawl/${start.body.id}`);
    const list = await deliveriesFor(start.body.id, (l) => l.some((d) => d.body.type === 'crawl.completed'));
    expect(list.map((d) => d.body.type)).toEqual(['crawl.started', 'crawl.completed']);
  });

  it('sends a v2 job (through the 4.x SDK) the v2 envelope: webhookId, metadata echoed, pages in v2 shape', async () => {
    const app = new Firecrawl({ apiUrl: api.url });
    const started = await app.startCrawl(`${site.url}/articles/boilerplate`, {
      limit: 1,
      sitemap: 'skip',
      scrapeOptions: { formats: ['images'] },
      webhook: { url: `${receiverUrl}/hooks/v2`, metadata: { run: 'v2' }, events: ['started', 'page', 'completed'] },
    });
    const list = await deliveriesFor(started.id, (l) => l.some((d) => d.body.type === 'crawl.completed'));
    expect(list.map((d) => d.body.type)).toEqual(['crawl.started', 'crawl.page', 'crawl.completed']);
    for (const d of list) {
      expect(d.body).toMatchObject({ success: true, id: started.id, metadata: { run: 'v2' }, webhookId: d.headers['x-trawl-delivery'] });
      expect(verifySignature(d.raw, d.headers['x-firecrawl-signature'] as string, SECRET)).toBe(true);
    }
    const page = list[1]!.body.data[0];
    expect(page.images).toContain(`${site.url}/img/logo.png`);
    expect(page.rawHtml).toBeUndefined();
  });

  it('rejects a malformed webhook', async () => {
    const res = await api.request('POST', '/v1/batch/scrape', { body: { urls: [`${site.url}/blog/1`], webhook: { url: 'not-a-url' } } });
    expect(res.status).toBe(400);
    expect(res.body.details[0].path[0]).toBe('webhook');
  });
});

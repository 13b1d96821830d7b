import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import FirecrawlApp from 'firecrawl-js';
import WebSocket from 'ws';
import { phrases, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, routeUpgrades, type ExampleApp } from '../src/app.js';

let site: FixtureSite;
let example: ExampleApp;
let server: Server;
let base: string;

beforeAll(async () => {
  site = await startFixtureSite();
  example = createApp({ allowPrivateNetwork: true, auth: { 'example-key': 'example-team' } });
  server = await new Promise<Server>((resolve) => {
    const listening = example.app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  routeUpgrades(server, example.trawlApi);
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await example?.trawlApi.close();
  await site?.close();
});

describe('examples/express-mount', () => {
  it('keeps the app’s own routes working', async () => {
    expect(await fetch(`${base}/health`).then((r) => r.json())).toEqual({ ok: true });
    const created = await fetch(`${base}/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'hi' }),
    });
    expect(created.status).toBe(201);
    expect(await fetch(`${base}/notes`).then((r) => r.json())).toEqual({ notes: ['hi'] });
  });

  it('serves the Firecrawl API under /firecrawl to the official SDK', async () => {
    const firecrawl = new FirecrawlApp({ apiKey: 'example-key', apiUrl: `${base}/firecrawl` });
    const page = await firecrawl.scrapeUrl(`${site.url}/articles/boilerplate`, { formats: ['markdown'] });
    if (!page.success) throw new Error(page.error);
    expect(page.markdown).toContain(phrases.articleLead);
    const map = await firecrawl.mapUrl(`${site.url}/crawl/`, { limit: 5 });
    if (!map.success) throw new Error(map.error);
    expect(map.links).toHaveLength(5);
  });

  it('answers job URLs under the mount and refuses requests without the key', async () => {
    const start = await fetch(`${base}/firecrawl/v1/batch/scrape`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer example-key' },
      body: JSON.stringify({ urls: [`${site.url}/blog/1`] }),
    }).then((r) => r.json());
    expect(start.url).toBe(`${base}/firecrawl/v1/batch/scrape/${start.id}`);
    const refused = await fetch(`${base}/firecrawl/v1/batch/scrape/${start.id}`);
    expect(refused.status).toBe(401);
  });

  it('streams a crawl to a WebSocket watcher at the mounted path, with no basePath set', async () => {
    const start = await fetch(`${base}/firecrawl/v2/crawl`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer example-key' },
      body: JSON.stringify({ url: `${site.url}/crawl/`, limit: 4, sitemap: 'skip' }),
    }).then((r) => r.json());
    // As the 4.x SDK's watcher() opens it: the job's URL as ws://, the key as the subprotocol.
    const socket = new WebSocket(`${base.replace('http', 'ws')}/firecrawl/v2/crawl/${start.id}`, 'example-key');
    const messages: Array<{ type: string; data?: any }> = [];
    await new Promise<void>((resolve, reject) => {
      socket.on('message', (raw) => {
        const message = JSON.parse(raw.toString());
        messages.push(message);
        if (message.type === 'done' || message.type === 'error') resolve();
      });
      socket.on('unexpected-response', (_req, res) => reject(new Error(`the upgrade was answered HTTP ${res.statusCode}`)));
      socket.on('error', reject);
    });
    socket.close();
    expect(messages[0]!.type).toBe('catchup');
    expect(messages.at(-1)!.type).toBe('done');
    const streamed = messages.flatMap((message) =>
      message.type === 'document' ? [message.data] : message.type === 'catchup' || message.type === 'done' ? message.data.data : [],
    );
    const urls = new Set(streamed.map((doc: { metadata: { sourceURL: string } }) => doc.metadata.sourceURL));
    expect(urls).toContain(`${site.url}/crawl/`);
    expect(urls.size).toBe(4);
  });

  it('refuses a watcher without the key', async () => {
    const refused = await new Promise<number>((resolve) => {
      const socket = new WebSocket(`${base.replace('http', 'ws')}/firecrawl/v2/crawl/00000000-0000-0000-0000-000000000000`);
      socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      socket.on('error', () => resolve(-1));
    });
    expect(refused).toBe(401);
  });
});

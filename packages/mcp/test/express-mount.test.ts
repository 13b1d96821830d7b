import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTrawlApi, type TrawlApi } from '@trawl/http';
import { phrases } from '@trawl/testkit';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTrawlMcp } from '../src/index.js';
import { httpClient } from './helpers/clients.js';
import { mcpRig } from './helpers/rig.js';

/** createTrawlMcp mounted as createTrawlApi is: in an Express 5 app, after a JSON body parser, at /mcp and under a prefix. */
const rig = mcpRig();
let api: TrawlApi;
let server: Server;
let url = '';

beforeAll(async () => {
  api = createTrawlApi({ allowPrivateNetwork: true, sweepIntervalMs: 0, auth: { 'app-key': 'app-team' } });
  const app = express()
    // A body parser before the endpoint reads the body first: the handler takes the parsed body.
    .use(express.json())
    .use(createTrawlMcp({ api }))
    .use('/agents', createTrawlMcp({ api, path: '/' }))
    .use('/firecrawl', api)
    .get('/hello', (_req, res) => {
      res.json({ hello: 'express' });
    });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await api?.close();
});

describe('createTrawlMcp in Express', () => {
  it('serves /mcp and a prefixed mount, and leaves other paths to the app', async () => {
    for (const endpoint of [`${url}/mcp`, `${url}/agents`]) {
      const mcp = await httpClient(endpoint, 'app-key');
      try {
        expect(await mcp.text('firecrawl_scrape', { url: `${rig.site.url}/articles/minimal` })).toContain(phrases.minimal);
      } finally {
        await mcp.close();
      }
    }
    expect(await (await fetch(`${url}/hello`)).json()).toEqual({ hello: 'express' });
    const scrape = await fetch(`${url}/firecrawl/v2/scrape`, {
      method: 'POST',
      headers: { authorization: 'Bearer app-key', 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${rig.site.url}/articles/minimal` }),
    });
    expect(((await scrape.json()) as { data: { markdown: string } }).data.markdown).toBe(phrases.minimal);
  });
});

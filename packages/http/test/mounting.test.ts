import { createServer as createHttpServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import connect from 'connect';
import express4 from 'express4';
import express5 from 'express5';
import { createTrawlApi, type TrawlApi } from '@trawl/http';
import { startFixtureSite, type FixtureSite } from '@trawl/testkit';

let site: FixtureSite;

beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(async () => {
  await site?.close();
});

async function listen(listener: RequestListener): Promise<{ url: string; server: Server }> {
  const server = createHttpServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function call(url: string, method = 'GET', body?: unknown) {
  const res = await fetch(url, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, body: json };
}

interface Mounted {
  name: string;
  build(api: TrawlApi): RequestListener;
  /** Whether the host app has its own routes beside the API. */
  hostRoutes: boolean;
  preParsedBody?: boolean;
  options?: { basePath?: string };
}

const mounts: Mounted[] = [
  {
    name: 'Express 4 under /firecrawl, beside express.json() and app routes',
    build: (api) =>
      express4()
        .use(express4.json({ limit: '10mb' }))
        .use('/firecrawl', api)
        .get('/hello', (_req, res) => res.json({ hello: 'express4' })),
    hostRoutes: true,
    preParsedBody: true,
  },
  {
    name: 'Express 5 under /firecrawl, beside app routes',
    build: (api) =>
      express5()
        .use('/firecrawl', api)
        .get('/hello', (_req, res) => res.json({ hello: 'express5' })),
    hostRoutes: true,
  },
  {
    name: 'Connect under /firecrawl',
    build: (api) => connect().use('/firecrawl', api),
    hostRoutes: false,
  },
  {
    name: 'node:http with basePath /firecrawl',
    build: (api) => (req, res) => api(req, res),
    hostRoutes: false,
    options: { basePath: '/firecrawl' },
  },
];

describe.each(mounts)('$name', (mount) => {
  let api: TrawlApi;
  let url: string;
  let server: Server;

  beforeAll(async () => {
    api = createTrawlApi({ allowPrivateNetwork: true, sweepIntervalMs: 0, ...mount.options });
    ({ url, server } = await listen(mount.build(api)));
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await api?.close();
  });

  it('scrapes through the mount', async () => {
    const res = await call(`${url}/firecrawl/v1/scrape`, 'POST', { url: `${site.url}/articles/minimal` });
    expect(res.status).toBe(200);
    expect(res.body.data.markdown).toContain('minimal page');
  });

  it('describes itself at the mount root, its links under the mount', async () => {
    const res = await call(`${url}/firecrawl/`);
    expect(res.status).toBe(200);
    expect(res.body.api.v1).toBe(`${url}/firecrawl/v1`);
    expect(res.body.health.readiness).toBe(`${url}/firecrawl/readyz`);
  });

  it('builds job URLs and `next` with the mount prefix', async () => {
    const start = await call(`${url}/firecrawl/v1/batch/scrape`, 'POST', { urls: [`${site.url}/blog/1`, `${site.url}/blog/2`] });
    expect(start.body.url).toBe(`${url}/firecrawl/v1/batch/scrape/${start.body.id}`);
    let status: Awaited<ReturnType<typeof call>>;
    do {
      status = await call(`${start.body.url}?limit=1`);
    } while (status.body.status === 'scraping');
    expect(status.body.next).toBe(`${url}/firecrawl/v1/batch/scrape/${start.body.id}?skip=1&limit=1`);
    const last = await call(status.body.next);
    expect(last.body.data).toHaveLength(1);
    expect('next' in last.body).toBe(false);
  });

  it('answers malformed JSON with BAD_REQUEST_INVALID_JSON', async () => {
    const res = await fetch(`${url}/firecrawl/v1/scrape`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{oops',
    });
    // express.json() rejects the body itself before the API sees it; the API's own parser answers otherwise.
    if (!mount.preParsedBody)
      expect(await res.json()).toEqual({ success: false, code: 'BAD_REQUEST_INVALID_JSON', error: 'Bad request, malformed JSON' });
    expect(res.status).toBe(400);
  });

  it('leaves other paths to the host app', async () => {
    if (mount.hostRoutes) {
      const hello = await call(`${url}/hello`);
      expect(hello.status).toBe(200);
      expect(hello.body).toEqual({ hello: expect.stringMatching(/^express/) });
    }
    const unknown = await call(`${url}/firecrawl/v1/unknown`);
    expect(unknown.status).toBe(404);
  });
});

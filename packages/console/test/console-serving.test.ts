import type { TrawlServer } from '@trawl/http';
import { startTrawl, type WorkerProcess } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_CSP } from '../src/index.js';
import { createServer } from '@trawl/http';
import { buildConsoleApp, startConsoleServer } from './helpers/console-server.js';

const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

let withConsole: { server: TrawlServer; url: string };
let without: { server: TrawlServer; url: string };
let mounted: { server: TrawlServer; url: string };

beforeAll(async () => {
  buildConsoleApp();
  withConsole = await startConsoleServer();
  const plain = createServer({ allowPrivateNetwork: true, sweepIntervalMs: 0, logger: { error: () => undefined } });
  without = { server: plain, url: await plain.listen(0, '127.0.0.1') };
  mounted = await startConsoleServer({ basePath: '/firecrawl' });
});

afterAll(async () => {
  await withConsole?.server.close();
  await without?.server.close();
  await mounted?.server.close();
});

/** Status, type and body of an answer, with what differs between two servers (ports, ids, times) taken out. */
async function answer(base: string, method: string, path: string, headers: Record<string, string> = {}, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = (await response.text())
    .replaceAll(base, 'BASE')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'ID')
    .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, 'TIME');
  return { status: response.status, type: response.headers.get('content-type'), allow: response.headers.get('allow'), text };
}

describe('serving the console', () => {
  it('answers a browser at / with the page under a strict CSP, and JSON clients as before', async () => {
    const page = await fetch(`${withConsole.url}/`, { headers: HTML });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(CONSOLE_CSP);
    expect(CONSOLE_CSP).toContain("script-src 'self'");
    expect(CONSOLE_CSP).not.toContain('unsafe-inline');
    const html = await page.text();
    // No inline script or style: the page only names its hashed files.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/<style|\sstyle=/);
    const script = html.match(/src="\/console\/(app-[A-Z0-9]+\.js)"/)![1]!;
    const style = html.match(/href="\/console\/(app-[A-Z0-9]+\.css)"/)![1]!;

    const js = await fetch(`${withConsole.url}/console/${script}`);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await js.text()).length).toBeGreaterThan(1000);
    expect((await fetch(`${withConsole.url}/console/${style}`)).headers.get('content-type')).toBe('text/css; charset=utf-8');

    for (const accept of ['application/json', '*/*']) {
      const json = await fetch(`${withConsole.url}/`, { headers: { accept } });
      expect(json.headers.get('content-type')).toMatch(/^application\/json/);
      expect((await json.json()).name).toBe('Trawl');
    }
    const head = await fetch(`${withConsole.url}/`, { method: 'HEAD', headers: HTML });
    expect([head.status, head.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
  });

  it('answers every API request the same with the console on as without it', async () => {
    const requests: Array<[string, string, Record<string, string>?, unknown?]> = [
      ['GET', '/', { accept: 'application/json' }],
      ['GET', '/'],
      ['GET', '/healthz'],
      ['GET', '/readyz'],
      ['POST', '/', HTML, {}],
      ['GET', '/console/app-UNKNOWN.js'],
      ['GET', '/console/'],
      ['GET', '/v2/crawl/00000000-0000-4000-8000-000000000000'],
      ['GET', '/v2/crawl'],
      ['POST', '/v2/scrape', {}, { url: 'not a url' }],
      ['POST', '/v1/scrape', {}, { url: 'ftp://example.com/' }],
      ['DELETE', '/v2/crawl/x'],
      ['GET', '/no/such/path', HTML],
    ];
    for (const [method, path, headers, body] of requests) {
      const on = await answer(withConsole.url, method, path, headers, body);
      const off = await answer(without.url, method, path, headers, body);
      expect(`${method} ${path}: ${JSON.stringify(on)}`).toBe(`${method} ${path}: ${JSON.stringify(off)}`);
    }
  });

  it('keeps to the mount path: the page names its files and the API under the base path', async () => {
    const html = await (await fetch(`${mounted.url}/firecrawl/`, { headers: HTML })).text();
    expect(html).toContain('<meta name="trawl-api-base" content="/firecrawl">');
    const script = html.match(/src="(\/firecrawl\/console\/app-[A-Z0-9]+\.js)"/)![1]!;
    expect((await fetch(`${mounted.url}${script}`)).status).toBe(200);
  });
});

describe('trawl serve', { timeout: 120_000 }, () => {
  let serve: WorkerProcess | undefined;
  afterAll(async () => {
    await serve?.stop();
  });

  it('serves the console at / by default and not with --no-console', async () => {
    for (const [flags, expected] of [
      [[], 'text/html; charset=utf-8'],
      [['--no-console'], 'application/json; charset=utf-8'],
    ] as const) {
      serve = await startTrawl(['serve', '--port', '0', '--store', 'memory', ...flags], /listening on http:\S+/);
      const url = serve.log().match(/listening on (http:\S+)/)![1]!;
      const page = await fetch(`${url}/`, { headers: HTML });
      expect(page.headers.get('content-type')).toBe(expected);
      if (!flags.length) expect(serve.log()).toContain(`console at ${url}/`);
      await serve.stop();
      serve = undefined;
    }
  });
});

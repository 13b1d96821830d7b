import { startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeBody } from '../../src/fetch/charset.js';
import { httpFetch } from '../../src/fetch/http-engine.js';
import { TrawlError } from '../../src/index.js';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(() => site.close());

async function failure(promise: Promise<unknown>): Promise<TrawlError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TrawlError);
  return err as TrawlError;
}

describe('httpFetch redirects', () => {
  it.each([301, 302, 307, 308])('follows a %i to the final URL', async (status) => {
    const page = await httpFetch(`${site.url}/redirect/${status}`);
    expect(page.status).toBe(200);
    expect(page.url).toBe(`${site.url}/articles/minimal`);
    expect(page.redirects).toEqual([`${site.url}/redirect/${status}`]);
  });

  it('follows a chain and records every hop', async () => {
    const page = await httpFetch(`${site.url}/redirect/chain/3`);
    expect(page.url).toBe(`${site.url}/redirect/chain/0`);
    expect(page.redirects).toHaveLength(3);
  });

  it('resolves a relative Location header', async () => {
    const page = await httpFetch(`${site.url}/redirect/relative`);
    expect(page.status).toBe(200);
    expect(page.redirects).toHaveLength(1);
  });

  it('detects a loop', async () => {
    const err = await failure(httpFetch(`${site.url}/redirect/loop-a`));
    expect(err.code).toBe('SCRAPE_REDIRECT_LOOP');
    expect(err.message).toContain('/redirect/loop-b');
  });

  it('caps the number of redirects', async () => {
    const err = await failure(httpFetch(`${site.url}/redirect/chain/5`, { maxRedirects: 2 }));
    expect(err.code).toBe('SCRAPE_TOO_MANY_REDIRECTS');
  });
});

describe('httpFetch limits', () => {
  // The page never answers and the default timeout is 30 s, past this test's 20 s: only the
  // 300 ms asked for ends the test.
  it('times out a page that never sends headers', async () => {
    const err = await failure(httpFetch(`${site.url}/hang`, { timeout: 300 }));
    expect(err.code).toBe('SCRAPE_TIMEOUT');
    expect(err.status).toBe(408);
  }, 20_000);

  it('times out a body that never finishes', async () => {
    const err = await failure(httpFetch(`${site.url}/never-ends`, { timeout: 300 }));
    expect(err.code).toBe('SCRAPE_TIMEOUT');
  });

  it('refuses a body over the size cap', async () => {
    const err = await failure(httpFetch(`${site.url}/large?kb=2000`, { maxBodyBytes: 500_000 }));
    expect(err.code).toBe('SCRAPE_TOO_LARGE');
  });

  it('is cancelled by the caller signal', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const err = await failure(httpFetch(`${site.url}/slow?ms=5000`, { signal: controller.signal }));
    expect(err.code).toBe('SCRAPE_ABORTED');
  });
});

describe('httpFetch content', () => {
  it.each(['gzip', 'br'])('decompresses %s', async (coding) => {
    const page = await httpFetch(`${site.url}/compressed/${coding}`);
    expect(page.headers['content-encoding']).toBe(coding);
    expect(new TextDecoder().decode(page.body)).toMatch(/<html/i);
  });

  it('sends our user agent and the caller headers', async () => {
    site.resetRequests();
    await httpFetch(`${site.url}/articles/minimal`, { headers: { 'X-Test': 'yes' }, userAgent: 'TestAgent/1' });
    const req = site.requests.find((r) => r.path === '/articles/minimal');
    expect(req?.headers['x-test']).toBe('yes');
    expect(req?.headers['user-agent']).toBe('TestAgent/1');
  });

  it('reports a refused connection', async () => {
    const err = await failure(httpFetch('http://127.0.0.1:1/'));
    expect(err.code).toBe('SCRAPE_CONNECTION_ERROR');
  });

  it('reports a DNS failure', async () => {
    const err = await failure(httpFetch('http://no-such-host.invalid/'));
    expect(err.code).toBe('SCRAPE_DNS_RESOLUTION_ERROR');
  });

  it.each([
    ['/charset/latin1-header', 'Café crème brûlée'],
    ['/charset/latin1-meta', 'Café crème brûlée'],
    ['/charset/shift-jis-meta', '日本語のテキスト'],
    ['/charset/shift-jis-header', '日本語のテキスト'],
    ['/charset/utf8', '日本語'],
  ])('decodes %s', async (path, expected) => {
    const page = await httpFetch(`${site.url}${path}`);
    expect(decodeBody(page.body, page.headers['content-type']).text).toContain(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { MAX_TIMEOUT_MS, MAX_URL_LENGTH } from '@trawl/core/server';
import { quietLogger, siteAndApi } from './helpers/api-server.js';

const env = siteAndApi({ logger: quietLogger });

/** Posts a body and expects a 400 naming `path` among its details. */
async function expectBadRequest(path: string, body: Record<string, unknown>, detailPath: string): Promise<any> {
  const res = await env.api.request('POST', path, { body });
  expect({ path, status: res.status }).toEqual({ path, status: 400 });
  const paths = (res.body.details ?? []).map((d: { path: unknown[] }) => d.path.join('.'));
  expect(paths).toContain(detailPath);
  return res.body;
}

describe('every number a request carries is bounded', () => {
  it('refuses timeout 99999999999 on v1 scrape, v0 scrape, map, search and batch with 400, not 500', async () => {
    const url = `${env.site.url}/articles/minimal`;
    await expectBadRequest('/v1/scrape', { url, timeout: 99_999_999_999 }, 'timeout');
    await expectBadRequest('/v0/scrape', { url, timeout: 99_999_999_999 }, 'timeout');
    await expectBadRequest('/v1/map', { url, timeout: 99_999_999_999 }, 'timeout');
    await expectBadRequest('/v1/batch/scrape', { urls: [url], timeout: 99_999_999_999 }, 'timeout');
    await expectBadRequest('/v1/crawl', { url, scrapeOptions: { timeout: 99_999_999_999 } }, 'scrapeOptions.timeout');
    // The largest accepted value still works.
    const ok = await env.api.request('POST', '/v1/scrape', { body: { url, timeout: MAX_TIMEOUT_MS } });
    expect(ok.status).toBe(200);
  });

  it('refuses waitFor past 60 s, too many actions and long waits', async () => {
    const url = `${env.site.url}/articles/minimal`;
    await expectBadRequest('/v1/scrape', { url, waitFor: 99_999_999_999 }, 'waitFor');
    await expectBadRequest('/v0/scrape', { url, pageOptions: { waitFor: 60_001 } }, 'pageOptions.waitFor');
    await expectBadRequest('/v1/scrape', { url, actions: [{ type: 'wait', milliseconds: 3_600_000 }] }, 'actions.0.milliseconds');
    await expectBadRequest('/v1/scrape', { url, actions: Array.from({ length: 51 }, () => ({ type: 'scrape' })) }, 'actions');
  });

  it("refuses waitFor over half of timeout, as Firecrawl's v1 does, wherever v1 takes scrape options", async () => {
    const url = `${env.site.url}/articles/minimal`;
    const half = { waitFor: 1_000, timeout: 1_999 };
    const body = await expectBadRequest('/v1/scrape', { url, ...half }, 'waitFor');
    expect(body.details[0].message).toMatch(
      /^waitFor must not exceed half of timeout \(waitFor 1000 ms, timeout 1999 ms: raise timeout to at least 2000\)$/,
    );
    // The default timeout (30 s) counts.
    await expectBadRequest('/v1/scrape', { url, waitFor: 15_001 }, 'waitFor');
    await expectBadRequest('/v1/batch/scrape', { urls: [url], ...half }, 'waitFor');
    await expectBadRequest('/v1/crawl', { url, scrapeOptions: half }, 'scrapeOptions.waitFor');
    await expectBadRequest('/v1/search', { query: 'x', scrapeOptions: { formats: ['markdown'], ...half } }, 'scrapeOptions.waitFor');
    await expectBadRequest('/v1/extract', { urls: [url], prompt: 'x', scrapeOptions: half }, 'scrapeOptions.waitFor');
    // At half exactly, the scrape runs.
    const ok = await env.api.request('POST', '/v1/scrape', { body: { url, waitFor: 1_000, timeout: 2_000 } });
    expect(ok.status).toBe(200);
  });

  it('refuses waitFor and wait actions over 60 s in all', async () => {
    const url = `${env.site.url}/articles/minimal`;
    const waits = {
      timeout: 300_000,
      waitFor: 30_000,
      actions: [
        { type: 'wait', milliseconds: 20_000 },
        { type: 'wait', milliseconds: 10_001 },
      ],
    };
    const body = await expectBadRequest('/v1/scrape', { url, ...waits }, 'actions');
    expect(body.details[0].message).toBe('waitFor and the wait actions add up to 60001 ms; at most 60000 ms in all');
    await expectBadRequest('/v1/crawl', { url, scrapeOptions: waits }, 'scrapeOptions.actions');
  });

  it('refuses crawl delay 1e12, huge limits and depths', async () => {
    const url = `${env.site.url}/crawl/`;
    await expectBadRequest('/v1/crawl', { url, delay: 1e12 }, 'delay');
    await expectBadRequest('/v1/crawl', { url, limit: 1e9 }, 'limit');
    await expectBadRequest('/v1/crawl', { url, maxDepth: 1e6 }, 'maxDepth');
    await expectBadRequest('/v1/crawl', { url, maxDiscoveryDepth: 1e6 }, 'maxDiscoveryDepth');
    await expectBadRequest('/v1/crawl', { url, maxConcurrency: 1e6 }, 'maxConcurrency');
    await expectBadRequest('/v0/crawl', { url, crawlerOptions: { limit: 1e9 } }, 'crawlerOptions.limit');
    await expectBadRequest('/v1/map', { url, limit: 1e9 }, 'limit');
    await expectBadRequest('/v1/search', { query: 'x', timeout: 1e12 }, 'timeout');
  });

  it('refuses scrape headers with a line break, a bad name or too much, with 400 instead of 502', async () => {
    const url = `${env.site.url}/articles/minimal`;
    await expectBadRequest('/v1/scrape', { url, headers: { 'X-A': 'a\r\nX-B: b' } }, 'headers.X-A');
    await expectBadRequest('/v1/scrape', { url, headers: { 'Bad Name': 'v' } }, 'headers.Bad Name');
    await expectBadRequest('/v1/scrape', { url, headers: { 'X-Big': 'v'.repeat(100_000) } }, 'headers.X-Big');
    const many = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`x-h${i}`, 'v']));
    await expectBadRequest('/v1/scrape', { url, headers: many }, 'headers');
    await expectBadRequest('/v0/scrape', { url, pageOptions: { headers: { 'X-A': 'a\nb' } } }, 'pageOptions.headers.X-A');
    await expectBadRequest('/v1/crawl', { url, scrapeOptions: { headers: { 'X-A': 'a\nb' } } }, 'scrapeOptions.headers.X-A');
    // Good headers still reach the env.site.
    env.site.resetRequests();
    const ok = await env.api.request('POST', '/v1/scrape', { body: { url, headers: { 'X-Trawl-Test': 'yes; tab\tok' } } });
    expect(ok.status).toBe(200);
    const sent = env.site.requests.find((r) => r.path === '/articles/minimal');
    expect(sent?.headers['x-trawl-test']).toBe('yes; tab\tok');
  });

  it('refuses a 9 MB URL and echoes only a short prefix of it', async () => {
    const huge = `${env.site.url}/${'a'.repeat(9 * 1024 * 1024)}`;
    for (const [path, body] of [
      ['/v1/scrape', { url: huge }],
      ['/v1/crawl', { url: huge }],
      ['/v1/map', { url: huge }],
      ['/v0/scrape', { url: huge }],
    ] as const) {
      const res = await env.api.request('POST', path, { body });
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
      const text = JSON.stringify(res.body);
      expect(text.length).toBeLessThan(2000);
      expect(text).toContain(`at most ${MAX_URL_LENGTH}`);
    }
    const batch = await env.api.request('POST', '/v1/batch/scrape', {
      body: { urls: [huge, `${env.site.url}/articles/minimal`], ignoreInvalidURLs: true },
    });
    expect(batch.status).toBe(200);
    expect(JSON.stringify(batch.body).length).toBeLessThan(2000);
  });

  it('quotes an unknown key of 1 MB only by its start', async () => {
    const res = await env.api.request('POST', '/v1/scrape', { body: { url: `${env.site.url}/`, ['k'.repeat(1024 * 1024)]: 1 } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body).length).toBeLessThan(2000);
  });
});

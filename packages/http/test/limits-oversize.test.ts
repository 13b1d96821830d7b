import { createPlaywrightBrowser, type PlaywrightBrowser } from '@trawl/browser-playwright';
import { FORBIDDEN_REQUEST_HEADERS, MAX_JSON_DEPTH } from '@trawl/core/server';
import { MAX_ACTION_OUTPUT_BYTES, MAX_SCRIPT_RESULT_BYTES } from '@trawl/core/ports';
import { dataUrlImage, limitPages, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietLogger, startApi, type TestApi } from './helpers/api-server.js';
import { canaryWaits } from './helpers/canary.js';

/**
 * What a request or a page may make the server hold, past the bounds of limits-bounds: a script's
 * return value, a full-page screenshot of a very tall page, deeply nested JSON, and request headers
 * only the HTTP client may set. Each is a 4xx (or a capped result with a warning), never a 500 or a
 * 502, and never hundreds of megabytes.
 */
let site: FixtureSite;
let browser: PlaywrightBrowser;
let api: TestApi;

beforeAll(async () => {
  site = await startFixtureSite();
  browser = createPlaywrightBrowser({ maxConcurrentPages: 2 });
  api = await startApi({ auth: { 'key-big': 'big', 'key-canary': 'canary' }, browser, logger: quietLogger });
});
afterAll(async () => {
  await api?.close();
  await browser?.close();
  await site?.close();
});

const scrape = (body: Record<string, unknown>) => api.request('POST', '/v1/scrape', { token: 'key-big', body });

/** JSON nested `depth` levels deep: `{"a":{"a":…{}}}`. */
function nested(depth: number): string {
  return `${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`;
}

describe('what a browser scrape may hand back', () => {
  it('an executeJavascript returning 300 MB is a 413 SCRAPE_TOO_LARGE, measured in the page, while another team answers', async () => {
    const started = performance.now();
    const huge = scrape({
      url: `${site.url}/articles/minimal`,
      actions: [{ type: 'executeJavascript', script: "'x'.repeat(300_000_000)" }],
    });
    const waits = await canaryWaits(api, 'key-canary', huge);
    const res = await huge;
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, code: 'SCRAPE_TOO_LARGE' });
    expect(res.body.error).toBe(
      `actions[0] (executeJavascript): the returned value is 300000002 characters of JSON, more than an action may return (at most ${MAX_SCRIPT_RESULT_BYTES})`,
    );
    expect(performance.now() - started).toBeLessThan(30_000);
    expect(Math.max(...waits)).toBeLessThan(1_000);
  }, 60_000);

  it('a value within the bound comes back whole; all actions together share one budget', async () => {
    const fine = await scrape({
      url: `${site.url}/articles/minimal`,
      actions: [{ type: 'executeJavascript', script: "'y'.repeat(1000)" }],
    });
    expect(fine.status).toBe(200);
    expect(fine.body.data.actions.javascriptReturns[0].value).toHaveLength(1000);
    // Six returns of 9 MB each are each under the per-action bound, but not together.
    const nine = "'z'.repeat(9 * 1024 * 1024)";
    const many = await scrape({
      url: `${site.url}/articles/minimal`,
      actions: Array.from({ length: 6 }, () => ({ type: 'executeJavascript', script: nine })),
    });
    expect(many.status).toBe(413);
    expect(many.body.error).toMatch(
      new RegExp(`^actions\\[5\\] \\(executeJavascript\\): .* \\(\\d+ left of the ${MAX_ACTION_OUTPUT_BYTES} all actions may return\\)$`),
    );
  }, 60_000);

  it('a 7680×7680 full-page screenshot of a 100,000 px page is cut to a screenshot that fits, with a warning, not a 500', async () => {
    const res = await api.request('POST', '/v2/scrape', {
      token: 'key-big',
      body: {
        url: `${site.url}${limitPages.tallPage}?px=100000`,
        formats: [{ type: 'screenshot', fullPage: true, viewport: { width: 7680, height: 7680 } }],
      },
    });
    expect(res.status).toBe(200);
    const image = dataUrlImage(res.body.data.screenshot);
    expect(image.width).toBe(7680);
    expect(image.height).toBe(7680);
    expect(res.body.data.warning).toMatch(/^The full-page screenshot shows the top 7680×7680 CSS pixels of a 7680×\d{6} page/);
  }, 120_000);
});

describe('what a request may carry', () => {
  it(`JSON nested deeper than ${MAX_JSON_DEPTH} levels is a 400 wherever it is, webhook metadata 5,000 deep included`, async () => {
    const url = `${site.url}/articles/minimal`;
    const deepMetadata = `{"url":"${url}","limit":1,"webhook":{"url":"http://127.0.0.1:9/hook","metadata":${nested(5000)}}}`;
    for (const path of ['/v1/crawl', '/v2/crawl']) {
      const res = await api.request('POST', path, { token: 'key-big', rawBody: deepMetadata });
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
      expect(res.body.error).toBe(`The request body nests deeper than ${MAX_JSON_DEPTH} levels of objects and arrays`);
    }
    const deepArray = await api.request('POST', '/v1/scrape', {
      token: 'key-big',
      rawBody: `{"url":"${url}","x":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
    });
    expect(deepArray.status).toBe(400);
    // Up to the bound it is fine.
    const within = await api.request('POST', '/v1/scrape', {
      token: 'key-big',
      rawBody: `{"url":"${url}","formats":["json"],"jsonOptions":{"prompt":"x","schema":${nested(MAX_JSON_DEPTH - 3)}}}`,
    });
    expect(within.status).not.toBe(400);
  });

  it('scrape headers the HTTP client sets itself are a 400 naming the header, never a 502', async () => {
    const url = `${site.url}/articles/minimal`;
    for (const name of FORBIDDEN_REQUEST_HEADERS) {
      const res = await scrape({ url, headers: { [name === 'host' ? 'Host' : name]: name === 'content-length' ? '5' : 'chunked' } });
      expect({ name, status: res.status }).toEqual({ name, status: 400 });
      expect(res.body.details[0].message).toMatch(/header is set by the HTTP client from the request itself; a scrape cannot send it/);
    }
    const v2 = await api.request('POST', '/v2/scrape', { token: 'key-big', body: { url, headers: { 'Transfer-Encoding': 'chunked' } } });
    expect(v2.status).toBe(400);
    expect(v2.body.error).toMatch(/Transfer-Encoding/);
    const webhook = await api.request('POST', '/v1/crawl', {
      token: 'key-big',
      body: { url, limit: 1, webhook: { url: 'http://127.0.0.1:9/hook', headers: { 'content-length': '1' } } },
    });
    expect(webhook.status).toBe(400);
    // Ordinary headers still go to the site.
    expect((await scrape({ url, headers: { cookie: 'a=b', 'x-custom': 'yes' } })).status).toBe(200);
  });
});

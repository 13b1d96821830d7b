import { createMemoryStore } from '@trawl/core';
import type { Store } from '@trawl/core/ports';
import { createPlaywrightBrowser, type PlaywrightBrowser } from '@trawl/browser-playwright';
import { blockPhrases, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import Firecrawl from 'firecrawl-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietLogger, startApi, type TestApi } from './helpers/api-server.js';
import { failureOf } from './helpers/sdk-error.js';

/** Block pages through the API: v1 and v2 scrape (with a real Chromium for the ladder), crawl and batch (their errors). */
let site: FixtureSite;
let browser: PlaywrightBrowser;
let store: Store;
let api: TestApi;
let plain: TestApi;
let app: Firecrawl;

const KEY = 'fc-blocks';
const TEAM = 'blocks-team';

beforeAll(async () => {
  site = await startFixtureSite();
  browser = createPlaywrightBrowser({ maxConcurrentPages: 2 });
  store = createMemoryStore();
  await store.teams.setCredits(TEAM, 1_000);
  api = await startApi({ store, auth: { [KEY]: TEAM }, browser, logger: quietLogger });
  // Without a browser: the ladder has one rung, so crawls over block pages stay quick.
  plain = await startApi({ auth: { [KEY]: TEAM }, logger: quietLogger });
  app = new Firecrawl({ apiKey: KEY, apiUrl: plain.url });
});
afterAll(async () => {
  await api?.close();
  await plain?.close();
  await browser?.close();
  await site?.close();
});

const balance = async () => (await store.teams.getCredits(TEAM))!;

describe('POST /v1/scrape of a block page', () => {
  it('answers 403 SCRAPE_BLOCKED_BY_SITE naming kind, vendor and what was tried, and charges nothing', async () => {
    const before = await balance();
    const res = await api.request('POST', '/v1/scrape', { token: KEY, body: { url: `${site.url}/blocks/perimeterx` } });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, code: 'SCRAPE_BLOCKED_BY_SITE' });
    expect(res.body.error).toMatch(/a captcha \(perimeterx\).*element #px-captcha.*Tried: HTTP, then the browser\./);
    expect(await balance()).toBe(before);
  });

  it('answers 404 SCRAPE_PAGE_NOT_FOUND for a soft 404, uncharged', async () => {
    const before = await balance();
    const res = await api.request('POST', '/v1/scrape', { token: KEY, body: { url: `${site.url}/blocks/gone-astray` } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('SCRAPE_PAGE_NOT_FOUND');
    expect(await balance()).toBe(before);
  });

  it('answers the page behind a JavaScript challenge, charged as one page', async () => {
    const before = await balance();
    const res = await api.request('POST', '/v1/scrape', { token: KEY, body: { url: `${site.url}/blocks/js-challenge` } });
    expect(res.status).toBe(200);
    expect(res.body.data.markdown).toContain(blockPhrases.cleared);
    expect(await balance()).toBe(before - 1);
  });

  it('with proxy "auto", climbs to the stealth rung and charges it as Firecrawl does (1 + 4)', async () => {
    const before = await balance();
    const res = await api.request('POST', '/v1/scrape', { token: KEY, body: { url: `${site.url}/blocks/bot-check`, proxy: 'auto' } });
    expect(res.status).toBe(200);
    expect(res.body.data.markdown).toContain(blockPhrases.cleared);
    expect(res.body.data.metadata.proxyUsed).toBe('stealth');
    expect(await balance()).toBe(before - 5);
    // A page the first rung read costs one page, proxy "auto" or not.
    const basic = await api.request('POST', '/v1/scrape', { token: KEY, body: { url: `${site.url}/articles/minimal`, proxy: 'auto' } });
    expect(basic.body.data.metadata.proxyUsed).toBe('basic');
    expect(await balance()).toBe(before - 6);
  });
});

describe('POST /v2/scrape of a block page (the 4.x SDK)', () => {
  it('fails with the status and code the SDK reports', async () => {
    const browserApp = new Firecrawl({ apiKey: KEY, apiUrl: api.url });
    const failure = await failureOf(browserApp.scrape(`${site.url}/blocks/datadome`));
    expect(failure.status).toBe(403);
    expect(failure.code).toBe('SCRAPE_BLOCKED_BY_SITE');
    expect(failure.message).toMatch(/a captcha \(datadome\)/);
  });

  it('renders an app shell instead of returning its header and footer', async () => {
    const browserApp = new Firecrawl({ apiKey: KEY, apiUrl: api.url });
    const doc = await browserApp.scrape(`${site.url}/blocks/app-shell`, { formats: ['markdown'] });
    expect(doc.markdown).toContain(blockPhrases.rendered);
  });
});

describe('crawl and batch over block pages', () => {
  it('v1 crawl records each block page in its errors and completes', async () => {
    const start = await plain.request('POST', '/v1/crawl', {
      token: KEY,
      body: { url: `${site.url}/blocks/`, includePaths: ['^/blocks/$', '^/blocks/(gone-astray|parked|consent-wall|rate-limit-page)$'] },
    });
    expect(start.status).toBe(200);
    const done = await plain.waitForJob(`/v1/crawl/${start.body.id}`, KEY);
    expect(done.body.status).toBe('completed');
    const errors = await plain.request('GET', `/v1/crawl/${start.body.id}/errors`, { token: KEY });
    const codes = Object.fromEntries(errors.body.errors.map((e: { url: string; code: string }) => [new URL(e.url).pathname, e.code]));
    expect(codes).toEqual({
      '/blocks/gone-astray': 'SCRAPE_PAGE_NOT_FOUND',
      '/blocks/parked': 'SCRAPE_PAGE_NOT_FOUND',
      '/blocks/consent-wall': 'SCRAPE_BLOCKED_BY_SITE',
      // A host answering rate limits is paused and the page tried again (twice), then recorded.
      '/blocks/rate-limit-page': 'SCRAPE_BLOCKED_BY_SITE',
    });
  });

  it('v2 crawl: getCrawlErrors lists them, and the crawl goes on to its real pages', async () => {
    const started = await app.startCrawl(`${site.url}/blocks/`, {
      sitemap: 'skip',
      includePaths: ['^/blocks/$', '^/blocks/(google-consent|members-only|login|app-shell)$'],
    });
    await plain.waitForJob(`/v2/crawl/${started.id}`, KEY);
    const status = await app.getCrawlStatus(started.id);
    expect(status.status).toBe('completed');
    expect(status.data.map((doc) => new URL(doc.metadata!.sourceURL!).pathname).sort()).toEqual(['/blocks/', '/blocks/app-shell']);
    const errors = await app.getCrawlErrors(started.id);
    expect(errors.errors.map((e) => [new URL(e.url).pathname, e.code]).sort()).toEqual([
      ['/blocks/google-consent', 'SCRAPE_BLOCKED_BY_SITE'],
      ['/blocks/members-only', 'SCRAPE_BLOCKED_BY_SITE'],
    ]);
  });

  it('v2 batch: getBatchScrapeErrors lists the block pages beside the pages scraped', async () => {
    const started = await app.startBatchScrape([`${site.url}/blocks/akamai`, `${site.url}/blocks/parked`, `${site.url}/articles/minimal`], {
      options: { formats: ['markdown'] },
    });
    await plain.waitForJob(`/v2/batch/scrape/${started.id}`, KEY);
    const status = await app.getBatchScrapeStatus(started.id);
    expect(status.data).toHaveLength(1);
    const errors = await app.getBatchScrapeErrors(started.id);
    expect(errors.errors.map((e) => [new URL(e.url).pathname, e.code]).sort()).toEqual([
      ['/blocks/akamai', 'SCRAPE_BLOCKED_BY_SITE'],
      ['/blocks/parked', 'SCRAPE_PAGE_NOT_FOUND'],
    ]);
  });
});

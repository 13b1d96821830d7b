import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import FirecrawlApp from 'firecrawl-v1';
import { phrases, startFixtureSite, startSyntheticSite, type FixtureSite, type SyntheticSite } from '@trawl/testkit';
import { startApi, type TestApi } from './helpers/api-server.js';

/** The official JS SDK 1.x (v1 API), unchanged, against this server and the fixture site. */
let site: FixtureSite;
let synthetic: SyntheticSite;
let api: TestApi;
let app: FirecrawlApp;

beforeAll(async () => {
  site = await startFixtureSite();
  // More pages than one status page holds (100), small ones so the crawl takes a moment only.
  synthetic = await startSyntheticSite({ pages: 110, minPageBytes: 1_000, maxPageBytes: 3_000 });
  api = await startApi({ auth: { 'fc-test-key': 'sdk-team' } });
  app = new FirecrawlApp({ apiKey: 'fc-test-key', apiUrl: api.url });
});
afterAll(async () => {
  await api?.close();
  await site?.close();
  await synthetic?.close();
});

describe('@mendable/firecrawl-js 1.x', () => {
  it('scrapeUrl', async () => {
    const result = await app.scrapeUrl(`${site.url}/articles/boilerplate`, { formats: ['markdown', 'links'] });
    if (!result.success) throw new Error(result.error);
    expect(result.markdown).toContain(phrases.articleLead);
    expect(result.links).toContain(`${site.url}/articles/minimal`);
    expect(result.metadata?.statusCode).toBe(200);
  });

  it('scrapeUrl surfaces a bad request as an error with the details', async () => {
    await expect(app.scrapeUrl(`${site.url}/`, { formats: ['markdown'], timeout: -5 })).rejects.toThrow(/400/);
  });

  it('crawlUrl waits for the crawl and returns its documents', async () => {
    const result = await app.crawlUrl(`${site.url}/crawl/`, { limit: 5, ignoreSitemap: true, scrapeOptions: { formats: ['markdown'] } }, 1);
    if (!result.success) throw new Error(result.error);
    expect(result.status).toBe('completed');
    expect(result.data.length).toBe(result.completed);
    expect(result.data.length).toBeGreaterThan(0);
    expect(result.data.map((doc) => doc.metadata?.sourceURL)).toContain(`${site.url}/crawl/`);
  });

  it('asyncCrawlUrl + checkCrawlStatus: one page by skip/limit, then every page with getAllData', async () => {
    const started = await app.asyncCrawlUrl(`${synthetic.url}/`, {
      limit: 101,
      ignoreSitemap: true,
      scrapeOptions: { formats: ['links'] },
    });
    if (!started.success) throw new Error(started.error);
    const id = started.id!;
    await api.waitForJob(`/v1/crawl/${id}`, 'fc-test-key');
    const firstPage = await app.checkCrawlStatus(id, false, undefined, 0, 4);
    if (!firstPage.success) throw new Error(firstPage.error);
    expect(firstPage.data).toHaveLength(4);
    expect(firstPage.next).toContain(`/v1/crawl/${id}?skip=4&limit=4`);
    const all = await app.checkCrawlStatus(id, true);
    if (!all.success) throw new Error(all.error);
    expect(all.status).toBe('completed');
    expect(all.completed).toBe(101);
    expect(all.data).toHaveLength(101);
    expect(new Set(all.data.map((doc) => doc.metadata?.sourceURL)).size).toBe(101);
    expect(all.expiresAt).toBeInstanceOf(Date);
  });

  it('checkCrawlErrors', async () => {
    const started = await app.asyncCrawlUrl(`${site.url}/crawl/`, { ignoreSitemap: true, limit: 30 });
    if (!started.success) throw new Error(started.error);
    await api.waitForJob(`/v1/crawl/${started.id}`, 'fc-test-key');
    const errors = await app.checkCrawlErrors(started.id!);
    if (!('robotsBlocked' in errors)) throw new Error('no errors report');
    expect(errors.robotsBlocked).toContain(`${site.url}/crawl/blocked`);
    expect(errors.errors.map((e) => e.url)).toContain(`${site.url}/crawl/missing`);
  });

  it('cancelCrawl', async () => {
    const started = await app.asyncCrawlUrl(`${site.url}/slow?ms=3000`, { ignoreSitemap: true });
    if (!started.success) throw new Error(started.error);
    const cancelled = await app.cancelCrawl(started.id!);
    expect(cancelled).toMatchObject({ status: 'cancelled' });
  });

  it('batchScrapeUrls follows `next` across pages (polling through /v1/crawl/{id}), then checkBatchScrapeErrors', async () => {
    // 101 distinct URLs: more than one status page of 100 documents.
    const urls = Array.from({ length: 101 }, (_, i) => `${site.url}/articles/minimal?copy=${i}`);
    urls.push(`${site.url}/status/404`);
    const result = await app.batchScrapeUrls(urls, { formats: ['markdown'] }, 1);
    if (!result.success) throw new Error(result.error);
    expect(result.status).toBe('completed');
    expect(result.data).toHaveLength(101);
    expect(new Set(result.data.map((doc) => doc.metadata?.sourceURL)).size).toBe(101);
    const started = await app.asyncBatchScrapeUrls([`${site.url}/status/500`], { formats: ['markdown'] });
    if (!started.success) throw new Error(started.error);
    await api.waitForJob(`/v1/batch/scrape/${started.id}`, 'fc-test-key');
    const errors = await app.checkBatchScrapeErrors(started.id!);
    if (!('errors' in errors)) throw new Error('no errors report');
    expect(errors.errors.map((e) => e.url)).toEqual([`${site.url}/status/500`]);
  });

  it('mapUrl', async () => {
    const result = await app.mapUrl(`${site.url}/crawl/`, { limit: 10 });
    if (!result.success) throw new Error(result.error);
    expect(result.links).toHaveLength(10);
    expect(result.links?.[0]).toBe(`${site.url}/crawl/`);
  });

  it('is refused with a wrong key', async () => {
    const stranger = new FirecrawlApp({ apiKey: 'fc-wrong', apiUrl: api.url });
    await expect(stranger.scrapeUrl(`${site.url}/`)).rejects.toThrow(/401/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import FirecrawlApp from 'firecrawl-v0';
import { phrases, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { startApi, type TestApi } from './helpers/api-server.js';

/** The official JS SDK 0.0.x (v0 API), unchanged. It insists on an API key even when the server runs open. */
let site: FixtureSite;
let api: TestApi;
let app: FirecrawlApp;

beforeAll(async () => {
  site = await startFixtureSite();
  api = await startApi();
  app = new FirecrawlApp({ apiKey: 'any-key', apiUrl: api.url });
});
afterAll(async () => {
  await api?.close();
  await site?.close();
});

describe('@mendable/firecrawl-js 0.0.x', () => {
  it('scrapeUrl', async () => {
    const result = await app.scrapeUrl(`${site.url}/articles/boilerplate`, { pageOptions: { onlyMainContent: true, includeHtml: true } });
    expect(result.success).toBe(true);
    expect(result.data?.content).toContain(phrases.articleLead);
    expect(result.data?.content).not.toContain(phrases.footer);
    expect(result.data?.html).toContain(phrases.articleLead);
    expect(result.data?.metadata.pageStatusCode).toBe(200);
  });

  it('crawlUrl waits and returns the documents', async () => {
    const docs = await app.crawlUrl(`${site.url}/crawl/`, { crawlerOptions: { limit: 4, ignoreSitemap: true } }, true, 1);
    expect(Array.isArray(docs)).toBe(true);
    expect(docs.length).toBeGreaterThan(0);
    expect(docs.length).toBeLessThanOrEqual(4);
    expect(docs[0].content).toEqual(expect.any(String));
  });

  it('crawlUrl without waiting, then checkCrawlStatus', async () => {
    const started = await app.crawlUrl(`${site.url}/crawl/a`, { crawlerOptions: { limit: 2, ignoreSitemap: true } }, false);
    expect(started).toMatchObject({ success: true, jobId: expect.any(String) });
    let status = await app.checkCrawlStatus(started.jobId);
    expect(['active', 'completed']).toContain(status.status);
    for (let i = 0; status.status === 'active' && i < 200; i++) {
      expect(status.data).toBeNull();
      expect(Array.isArray(status.partial_data)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = await app.checkCrawlStatus(started.jobId);
    }
    expect(status.status).toBe('completed');
    expect(status.data?.[0]?.metadata.sourceURL).toBe(`${site.url}/crawl/a`);
  });
});

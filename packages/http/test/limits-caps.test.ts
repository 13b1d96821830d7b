import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LINKS_PER_PAGE } from '@trawl/core';
import { limitPages, oversizeRobotsTxt, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { startApi, type TestApi } from './helpers/api-server.js';

let site: FixtureSite;
let api: TestApi;

beforeAll(async () => {
  // 25 MiB: past the page size cap, so reading it whole used to fail and disallow the whole site.
  site = await startFixtureSite({ robotsTxt: oversizeRobotsTxt(25 * 1024 * 1024) });
  api = await startApi();
});
afterAll(async () => {
  await api?.close();
  await site?.close();
});

describe('caps on what a site serves', () => {
  it('crawls a site whose robots.txt is 25 MiB by its first 500 KiB', async () => {
    const start = await api.request('POST', '/v1/crawl', { body: { url: `${site.url}/`, ignoreSitemap: true, crawlEntireDomain: true, limit: 5 } });
    expect(start.status).toBe(200);
    const done = await api.waitForJob(`/v1/crawl/${start.body.id}`);
    expect(done.body.status).toBe('completed');
    expect(done.body.data.length).toBe(5);
    const errors = await api.request('GET', `/v1/crawl/${start.body.id}/errors`);
    expect(errors.body.robotsBlocked.every((url: string) => new URL(url).pathname.startsWith('/private/'))).toBe(true);
  });

  it(`answers a page's first ${MAX_LINKS_PER_PAGE} links with a warning`, async () => {
    const n = MAX_LINKS_PER_PAGE + 1;
    const res = await api.request('POST', '/v1/scrape', { body: { url: `${site.url}${limitPages.manyLinks}?n=${n}`, formats: ['links'] } });
    expect(res.status).toBe(200);
    expect(res.body.data.links).toHaveLength(MAX_LINKS_PER_PAGE);
    expect(res.body.data.warning).toContain(`only the first ${MAX_LINKS_PER_PAGE}`);
  });
});

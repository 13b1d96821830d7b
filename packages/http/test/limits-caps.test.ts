import { describe, expect, it } from 'vitest';
import { MAX_LINKS_PER_PAGE } from '@trawl/core/server';
import { limitPages, oversizeRobotsTxt } from '@trawl/testkit';
import { siteAndApi } from './helpers/api-server.js';

const env = siteAndApi({}, { robotsTxt: oversizeRobotsTxt(25 * 1024 * 1024) });

describe('caps on what a site serves', () => {
  it('crawls a site whose robots.txt is 25 MiB by its first 500 KiB', async () => {
    const start = await env.api.request('POST', '/v1/crawl', {
      body: { url: `${env.site.url}/`, ignoreSitemap: true, crawlEntireDomain: true, limit: 5 },
    });
    expect(start.status).toBe(200);
    const done = await env.api.waitForJob(`/v1/crawl/${start.body.id}`);
    expect(done.body.status).toBe('completed');
    expect(done.body.data.length).toBe(5);
    const errors = await env.api.request('GET', `/v1/crawl/${start.body.id}/errors`);
    expect(errors.body.robotsBlocked.every((url: string) => new URL(url).pathname.startsWith('/private/'))).toBe(true);
  });

  it(`answers a page's first ${MAX_LINKS_PER_PAGE} links with a warning`, async () => {
    const n = MAX_LINKS_PER_PAGE + 1;
    const res = await env.api.request('POST', '/v1/scrape', {
      body: { url: `${env.site.url}${limitPages.manyLinks}?n=${n}`, formats: ['links'] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.links).toHaveLength(MAX_LINKS_PER_PAGE);
    expect(res.body.data.warning).toContain(`only the first ${MAX_LINKS_PER_PAGE}`);
  });
});

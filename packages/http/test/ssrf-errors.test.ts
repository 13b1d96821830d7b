import { describe, expect, it } from 'vitest';
import { siteAndApi } from './helpers/api-server.js';

const env = siteAndApi({ allowPrivateNetwork: false });

describe('a URL the SSRF policy refuses is an error, never robotsBlocked or a silent success', () => {
  it('crawl: the start URL is recorded under /errors as SCRAPE_BLOCKED_URL', async () => {
    const start = await env.api.request('POST', '/v1/crawl', { body: { url: `${env.site.url}/crawl/`, limit: 5 } });
    expect(start.status).toBe(200);
    const done = await env.api.waitForJob(`/v1/crawl/${start.body.id}`);
    expect(done.body).toMatchObject({ status: 'completed', completed: 0, data: [] });
    const errors = await env.api.request('GET', `/v1/crawl/${start.body.id}/errors`);
    expect(errors.body.robotsBlocked).toEqual([]);
    expect(errors.body.errors).toEqual([
      expect.objectContaining({
        url: `${env.site.url}/crawl/`,
        code: 'SCRAPE_BLOCKED_URL',
        error: expect.stringContaining('private, loopback or link-local'),
      }),
    ]);
    expect(env.site.hits('/robots.txt')).toBe(0);
  });

  it('v0 crawl: the same error in its errors', async () => {
    const start = await env.api.request('POST', '/v0/crawl', {
      body: { url: `${env.site.url}/crawl/`, crawlerOptions: { ignoreSitemap: true } },
    });
    expect(start.status).toBe(200);
    await env.api.waitForJob(`/v1/crawl/${start.body.jobId}`);
    const errors = await env.api.request('GET', `/v1/crawl/${start.body.jobId}/errors`);
    expect(errors.body.robotsBlocked).toEqual([]);
    expect(errors.body.errors.map((e: { code: string }) => e.code)).toEqual(['SCRAPE_BLOCKED_URL']);
  });

  it('map: a 400 SCRAPE_BLOCKED_URL, not success with the start URL', async () => {
    for (const body of [
      { url: `${env.site.url}/` },
      { url: `${env.site.url}/`, sitemapOnly: true },
      { url: `${env.site.url}/`, ignoreSitemap: false },
    ]) {
      const res = await env.api.request('POST', '/v1/map', { body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        success: false,
        code: 'SCRAPE_BLOCKED_URL',
        error: expect.stringContaining('TRAWL_ALLOW_PRIVATE_NETWORK'),
      });
    }
  });

  it('scrape and batch scrape keep refusing it as before', async () => {
    const scrape = await env.api.request('POST', '/v1/scrape', { body: { url: `${env.site.url}/` } });
    expect(scrape.status).toBe(400);
    expect(scrape.body.code).toBe('SCRAPE_BLOCKED_URL');
    const batch = await env.api.request('POST', '/v1/batch/scrape', { body: { urls: [`${env.site.url}/`] } });
    await env.api.waitForJob(`/v1/batch/scrape/${batch.body.id}`);
    const errors = await env.api.request('GET', `/v1/batch/scrape/${batch.body.id}/errors`);
    expect(errors.body.errors.map((e: { code: string }) => e.code)).toEqual(['SCRAPE_BLOCKED_URL']);
  });
});

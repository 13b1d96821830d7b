import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlGraph, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { startApi, type TestApi } from './helpers/api-server.js';

let site: FixtureSite;
let api: TestApi;

beforeAll(async () => {
  site = await startFixtureSite();
  api = await startApi();
});
afterAll(async () => {
  await api?.close();
  await site?.close();
});

const sourceUrls = (data: Array<{ metadata: { sourceURL: string } }>) => data.map((doc) => doc.metadata.sourceURL);

describe('POST /v1/crawl and GET /v1/crawl/{id}', () => {
  it('crawls the site section and reads the documents page by page through `next`', async () => {
    const start = await api.request('POST', '/v1/crawl', {
      body: {
        url: `${site.url}/crawl/`,
        ignoreSitemap: true,
        excludePaths: ['^/crawl/b'],
        scrapeOptions: { formats: ['markdown', 'links'] },
        origin: 'js-sdk@1.21.1',
      },
    });
    expect(start.status).toBe(200);
    expect(start.body).toEqual({ success: true, id: expect.any(String), url: `${api.url}/v1/crawl/${start.body.id}` });

    const done = await api.waitForJob(`/v1/crawl/${start.body.id}`);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ success: true, status: 'completed' });
    expect(done.body.completed).toBe(done.body.data.length);
    expect(done.body.total).toBeGreaterThanOrEqual(done.body.completed);
    expect(done.body.creditsUsed).toBe(done.body.completed);
    expect(new Date(done.body.expiresAt).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect('next' in done.body).toBe(false);
    const crawled = sourceUrls(done.body.data).map((u) => new URL(u).pathname);
    expect(crawled).toContain('/crawl/');
    expect(crawled).toContain('/crawl/a/1/x');
    expect(crawled.some((path) => path.startsWith('/crawl/b'))).toBe(false);
    expect(Object.keys(crawlGraph)).toEqual(expect.arrayContaining(crawled.filter((p) => !p.includes('?'))));
    expect(done.body.data[0].links).toEqual(expect.any(Array));

    // Pages of 2: follow `next` until it is absent; together they are the whole result.
    const pages: string[] = [];
    let url: string | undefined = `/v1/crawl/${start.body.id}?limit=2`;
    let reads = 0;
    while (url) {
      const page: { body: any } = await api.request('GET', url);
      expect(page.body.data.length).toBeLessThanOrEqual(2);
      pages.push(...sourceUrls(page.body.data));
      url = page.body.next;
      if (url) expect(url).toMatch(new RegExp(`^${api.url}/v1/crawl/${start.body.id}\\?skip=\\d+&limit=2$`));
      reads++;
    }
    expect(pages).toEqual(sourceUrls(done.body.data));
    expect(reads).toBe(Math.ceil(done.body.data.length / 2));
  });

  it('builds `next` from X-Forwarded-Proto and X-Forwarded-Host', async () => {
    const start = await api.request('POST', '/v1/crawl', { body: { url: `${site.url}/crawl/a`, limit: 3, ignoreSitemap: true } });
    await api.waitForJob(`/v1/crawl/${start.body.id}`);
    const page = await api.request('GET', `/v1/crawl/${start.body.id}?limit=1`, {
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'api.example.org' },
    });
    expect(page.body.next).toBe(`https://api.example.org/v1/crawl/${start.body.id}?skip=1&limit=1`);
  });

  it('keeps `next` while the job runs, so clients can poll on', async () => {
    const start = await api.request('POST', '/v1/crawl', { body: { url: `${site.url}/slow?ms=800`, ignoreSitemap: true } });
    const status = await api.request('GET', `/v1/crawl/${start.body.id}`);
    expect(status.body.status).toBe('scraping');
    expect(status.body.next).toBe(`${api.url}/v1/crawl/${start.body.id}?skip=0`);
    await api.waitForJob(`/v1/crawl/${start.body.id}`);
  });

  it('leaves the start path only with crawlEntireDomain, or its older name allowBackwardLinks', async () => {
    const crawlFrom = async (extra: Record<string, unknown>) => {
      const start = await api.request('POST', '/v1/crawl', {
        body: { url: `${site.url}/crawl/a/1`, ignoreSitemap: true, limit: 50, ...extra },
      });
      expect(start.status).toBe(200);
      const done = await api.waitForJob(`/v1/crawl/${start.body.id}`);
      expect(done.body.status).toBe('completed');
      return sourceUrls(done.body.data)
        .map((u) => new URL(u).pathname)
        .sort();
    };
    expect(await crawlFrom({})).toEqual(['/crawl/a/1', '/crawl/a/1/x', '/crawl/a/1/y']);
    for (const wide of [{ crawlEntireDomain: true }, { allowBackwardLinks: true }]) {
      const crawled = await crawlFrom(wide);
      expect(crawled).toEqual(expect.arrayContaining(['/crawl/', '/crawl/a', '/crawl/a/1', '/crawl/a/2', '/crawl/b', '/crawl/c/1/x']));
    }
  });

  it('rejects an invalid regular expression and unknown keys', async () => {
    const regex = await api.request('POST', '/v1/crawl', { body: { url: `${site.url}/crawl/`, includePaths: ['(unclosed'] } });
    expect(regex.status).toBe(400);
    expect(regex.body.details[0]).toMatchObject({ path: ['includePaths', 0] });
    const unknown = await api.request('POST', '/v1/crawl', { body: { url: `${site.url}/crawl/`, crawlerOptions: {} } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('BAD_REQUEST');
  });

  it('reports failed pages and robots-blocked URLs on GET and DELETE …/errors', async () => {
    const start = await api.request('POST', '/v1/crawl', { body: { url: `${site.url}/crawl/`, ignoreSitemap: true, limit: 40 } });
    await api.waitForJob(`/v1/crawl/${start.body.id}`);
    const errors = await api.request('GET', `/v1/crawl/${start.body.id}/errors`);
    expect(errors.status).toBe(200);
    expect(errors.body.robotsBlocked).toContain(`${site.url}/crawl/blocked`);
    const missing = errors.body.errors.find((e: { url: string }) => e.url === `${site.url}/crawl/missing`);
    expect(missing).toMatchObject({ id: expect.any(String), error: expect.stringContaining('404') });
    expect(new Date(missing.timestamp).toString()).not.toBe('Invalid Date');
    const viaDelete = await api.request('DELETE', `/v1/crawl/${start.body.id}/errors`);
    expect(viaDelete.body).toEqual(errors.body);
  });

  it('cancels a running crawl: {status:"cancelled"}, and the status reads cancelled', async () => {
    const start = await api.request('POST', '/v1/crawl', { body: { url: `${site.url}/slow?ms=2000`, ignoreSitemap: true } });
    const cancel = await api.request('DELETE', `/v1/crawl/${start.body.id}`);
    expect(cancel.status).toBe(200);
    expect(cancel.body).toEqual({ status: 'cancelled' });
    const status = await api.request('GET', `/v1/crawl/${start.body.id}`);
    expect(status.body.status).toBe('cancelled');
    expect('next' in status.body).toBe(false);
  });

  it('cancelling a crawl or batch that already completed is a 409, as Firecrawl answers (v1 and v2)', async () => {
    const crawlStart = await api.request('POST', '/v2/crawl', { body: { url: `${site.url}/blog/1`, limit: 1, sitemap: 'skip' } });
    await api.waitForJob(`/v2/crawl/${crawlStart.body.id}`);
    for (const version of ['v1', 'v2']) {
      const cancel = await api.request('DELETE', `/${version}/crawl/${crawlStart.body.id}`);
      expect(cancel.status).toBe(409);
      expect(cancel.body).toEqual({ success: false, code: 'JOB_ALREADY_COMPLETED', error: 'Crawl is already completed' });
    }
    const status = await api.request('GET', `/v2/crawl/${crawlStart.body.id}`);
    expect(status.body.status).toBe('completed');

    const batchStart = await api.request('POST', '/v1/batch/scrape', { body: { urls: [`${site.url}/blog/2`] } });
    await api.waitForJob(`/v1/batch/scrape/${batchStart.body.id}`);
    const cancelBatch = await api.request('DELETE', `/v2/batch/scrape/${batchStart.body.id}`);
    expect(cancelBatch.status).toBe(409);
    expect(cancelBatch.body.error).toBe('Batch scrape is already completed');
  });

  it('answers unknown ids with the spec’s texts', async () => {
    const status = await api.request('GET', '/v1/crawl/00000000-0000-0000-0000-000000000000');
    expect(status.status).toBe(404);
    expect(status.body).toEqual({ success: false, error: 'Job not found' });
    const cancel = await api.request('DELETE', '/v1/crawl/00000000-0000-0000-0000-000000000000');
    expect(cancel.status).toBe(404);
    expect(cancel.body).toEqual({ error: 'Crawl job not found.' });
    const errors = await api.request('GET', '/v1/crawl/nope/errors');
    expect(errors.status).toBe(404);
  });
});

describe('POST /v1/batch/scrape', () => {
  it('scrapes every URL; the status answers on /v1/batch/scrape/{id} and on /v1/crawl/{id}', async () => {
    const urls = [`${site.url}/blog/1`, `${site.url}/blog/2`, `${site.url}/status/404`];
    const start = await api.request('POST', '/v1/batch/scrape', { body: { urls, formats: ['markdown'], onlyMainContent: false } });
    expect(start.status).toBe(200);
    expect(start.body).toEqual({ success: true, id: expect.any(String), url: `${api.url}/v1/batch/scrape/${start.body.id}` });
    expect('invalidURLs' in start.body).toBe(false);

    const done = await api.waitForJob(`/v1/batch/scrape/${start.body.id}`);
    expect(done.body.status).toBe('completed');
    expect(done.body.total).toBe(3);
    expect(sourceUrls(done.body.data).sort()).toEqual(urls.slice(0, 2).sort());
    expect(done.body.data[0].markdown).toEqual(expect.any(String));

    const viaCrawl = await api.request('GET', `/v1/crawl/${start.body.id}`);
    expect(viaCrawl.body).toMatchObject({ success: true, status: 'completed', total: 3 });

    const errors = await api.request('GET', `/v1/batch/scrape/${start.body.id}/errors`);
    expect(errors.body.errors.map((e: { url: string }) => e.url)).toEqual([`${site.url}/status/404`]);
    expect(errors.body.robotsBlocked).toEqual([]);
    const viaDelete = await api.request('DELETE', `/v1/batch/scrape/${start.body.id}/errors`);
    expect(viaDelete.body).toEqual(errors.body);
  });

  it('fails on an invalid URL unless ignoreInvalidURLs, then lists them in invalidURLs', async () => {
    const urls = [`${site.url}/blog/3`, 'not a url', 'ftp://example.com/x'];
    const strict = await api.request('POST', '/v1/batch/scrape', { body: { urls } });
    expect(strict.status).toBe(400);
    expect(strict.body.details.map((d: { path: unknown[] }) => d.path)).toEqual([
      ['urls', 1],
      ['urls', 2],
    ]);
    // The message quotes what was sent, never the scheme a missing one defaults to.
    expect(strict.body.details[0].message).toBe('Invalid URL "not a url": give an absolute http:// or https:// URL');
    const lenient = await api.request('POST', '/v1/batch/scrape', { body: { urls, ignoreInvalidURLs: true } });
    expect(lenient.status).toBe(200);
    expect(lenient.body.invalidURLs).toEqual(['not a url', 'ftp://example.com/x']);
    const done = await api.waitForJob(`/v1/batch/scrape/${lenient.body.id}`);
    expect(sourceUrls(done.body.data)).toEqual([`${site.url}/blog/3`]);
    const none = await api.request('POST', '/v1/batch/scrape', { body: { urls: [`${site.url}/blog/4`], ignoreInvalidURLs: true } });
    expect(none.body.invalidURLs).toEqual([]);
  });

  it('cancels a batch with DELETE /v1/batch/scrape/{id}; unknown ids are 404', async () => {
    const start = await api.request('POST', '/v1/batch/scrape', {
      body: { urls: [`${site.url}/slow?ms=2000&n=1`, `${site.url}/slow?ms=2000&n=2`] },
    });
    const cancel = await api.request('DELETE', `/v1/batch/scrape/${start.body.id}`);
    expect(cancel.body).toEqual({ status: 'cancelled' });
    const again = await api.request('DELETE', `/v1/batch/scrape/${start.body.id}`);
    expect(again.body).toEqual({ status: 'cancelled' });
    const missing = await api.request('DELETE', '/v1/batch/scrape/nope');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Job not found' });
  });
});

describe('POST /v1/map', () => {
  it('lists the links of the section, start URL first', async () => {
    const res = await api.request('POST', '/v1/map', { body: { url: `${site.url}/crawl/`, limit: 100 } });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.links[0]).toBe(`${site.url}/crawl/`);
    expect(res.body.links).toEqual(expect.arrayContaining([`${site.url}/crawl/a/1/x`, `${site.url}/crawl/c/1/x`]));
  });

  it('honours limit and ranks by search', async () => {
    const limited = await api.request('POST', '/v1/map', { body: { url: `${site.url}/crawl/`, limit: 3 } });
    expect(limited.body.links).toHaveLength(3);
    const searched = await api.request('POST', '/v1/map', {
      body: { url: `${site.url}/`, search: 'blog', sitemapOnly: true, ignoreSitemap: false },
    });
    expect(searched.body.links[0]).toMatch(/\/blog\//);
  });

  it('rejects a limit above 5000', async () => {
    const res = await api.request('POST', '/v1/map', { body: { url: `${site.url}/`, limit: 5001 } });
    expect(res.status).toBe(400);
    expect(res.body.details[0].path).toEqual(['limit']);
  });
});

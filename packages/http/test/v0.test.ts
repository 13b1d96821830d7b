import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStore, type Document } from '@trawl/core';
import { phrases, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { quietLogger, startApi, type TestApi } from './helpers/api-server.js';

let site: FixtureSite;
let api: TestApi;

beforeAll(async () => {
  site = await startFixtureSite();
  api = await startApi({ logger: quietLogger });
});
afterAll(async () => {
  await api?.close();
  await site?.close();
});

async function waitForV0(jobId: string, test: TestApi = api) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await test.request('GET', `/v0/crawl/status/${jobId}`);
    if (res.body.status !== 'active') return res;
    if (Date.now() > deadline) throw new Error('v0 crawl still active');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('POST /v0/scrape', () => {
  it('answers content, markdown and metadata with pageStatusCode; whole page by default', async () => {
    const res = await api.request('POST', '/v0/scrape', { body: { url: `${site.url}/articles/boilerplate` } });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const data = res.body.data;
    expect(data.content).toBe(data.markdown);
    expect(data.markdown).toContain(phrases.articleLead);
    // v0's onlyMainContent defaults to false: the boilerplate stays.
    expect(data.markdown).toContain(phrases.footer);
    expect(data.html).toBeUndefined();
    expect(data.rawHtml).toBeUndefined();
    expect(data.metadata).toMatchObject({ pageStatusCode: 200, sourceURL: `${site.url}/articles/boilerplate` });
    expect(data.metadata.statusCode).toBeUndefined();
  });

  it('maps pageOptions onto the v1 options', async () => {
    const res = await api.request('POST', '/v0/scrape', {
      body: {
        url: `${site.url}/articles/boilerplate`,
        pageOptions: {
          includeHtml: true,
          includeRawHtml: true,
          onlyMainContent: true,
          removeTags: ['table'],
          replaceAllPathsWithAbsolutePaths: true,
        },
      },
    });
    const data = res.body.data;
    expect(data.markdown).not.toContain(phrases.footer);
    expect(data.markdown).not.toContain(phrases.articleTableCell);
    expect(data.html).toContain(phrases.articleLead);
    expect(data.rawHtml).toContain(phrases.cookie);
    expect(data.markdown).toContain(`${site.url}/articles/minimal`);
    const only = await api.request('POST', '/v0/scrape', {
      body: { url: `${site.url}/articles/boilerplate`, pageOptions: { onlyIncludeTags: ['blockquote'] } },
    });
    expect(only.body.data.markdown).toContain(phrases.articleQuote);
    expect(only.body.data.markdown).not.toContain(phrases.articleLead);
  });

  it('reports the target status as pageStatusCode and pageError', async () => {
    const res = await api.request('POST', '/v0/scrape', { body: { url: `${site.url}/status/404` } });
    expect(res.status).toBe(200);
    expect(res.body.data.metadata).toMatchObject({ pageStatusCode: 404, pageError: expect.any(String) });
  });

  it('words errors without `success`, and names the missing adapter for screenshots and LLM extraction', async () => {
    const invalid = await api.request('POST', '/v0/scrape', { body: { pageOptions: {} } });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ code: 'BAD_REQUEST', error: 'Bad Request' });
    expect('success' in invalid.body).toBe(false);
    const shot = await api.request('POST', '/v0/scrape', { body: { url: `${site.url}/`, pageOptions: { screenshot: true } } });
    expect(shot.status).toBe(501);
    expect(shot.body.error).toMatch(/browser/);
    const noSchema = await api.request('POST', '/v0/scrape', {
      body: { url: `${site.url}/`, extractorOptions: { mode: 'llm-extraction' } },
    });
    expect(noSchema.status).toBe(400);
    expect(noSchema.body.details[0].message).toBe(
      'extractorOptions.extractionSchema must be an object if llm-extraction mode is specified',
    );
    const llm = await api.request('POST', '/v0/scrape', {
      body: { url: `${site.url}/`, extractorOptions: { mode: 'llm-extraction', extractionSchema: { type: 'object' } } },
    });
    expect(llm.status).toBe(501);
    expect(llm.body.error).toMatch(/LLM provider/);
  });

  it('answers 408 on timeout', async () => {
    const res = await api.request('POST', '/v0/scrape', { body: { url: `${site.url}/slow?ms=3000`, timeout: 300 } });
    expect(res.status).toBe(408);
    expect(res.body.code).toBe('SCRAPE_TIMEOUT');
  });
});

describe('v0 crawl', () => {
  it('starts with {jobId}, then reads data once completed with an empty partial_data', async () => {
    const start = await api.request('POST', '/v0/crawl', {
      body: {
        url: `${site.url}/crawl/`,
        crawlerOptions: { ignoreSitemap: true, excludes: ['/crawl/b*', '/crawl/b/**'], limit: 8 },
        pageOptions: { onlyMainContent: true },
      },
    });
    expect(start.status).toBe(200);
    expect(start.body).toEqual({ jobId: expect.any(String) });
    const done = await waitForV0(start.body.jobId);
    expect(done.body).toMatchObject({ status: 'completed', partial_data: [] });
    expect(done.body.current).toBeGreaterThanOrEqual(done.body.data.length);
    expect(done.body.total).toBeGreaterThanOrEqual(done.body.data.length);
    const paths = done.body.data.map((doc: { metadata: { sourceURL: string } }) => new URL(doc.metadata.sourceURL).pathname);
    expect(paths).toContain('/crawl/');
    expect(paths.some((p: string) => p.startsWith('/crawl/b'))).toBe(false);
    expect(done.body.data.length).toBeLessThanOrEqual(8);
    done.body.data.forEach((doc: { index: number; content: string; metadata: { pageStatusCode: number } }, i: number) => {
      expect(doc.index).toBe(i);
      expect(doc.content).toEqual(expect.any(String));
      expect(doc.metadata.pageStatusCode).toBe(200);
    });
  });

  it('honours returnOnlyUrls', async () => {
    const start = await api.request('POST', '/v0/crawl', {
      body: { url: `${site.url}/crawl/a`, crawlerOptions: { ignoreSitemap: true, returnOnlyUrls: true, limit: 3 } },
    });
    const done = await waitForV0(start.body.jobId);
    expect(done.body.status).toBe('completed');
    expect(done.body.data.length).toBeGreaterThan(0);
    for (const doc of done.body.data) expect(Object.keys(doc)).toEqual(['url']);
    expect(done.body.data[0].url).toBe(`${site.url}/crawl/a`);
  });

  it('cancels with DELETE /v0/crawl/cancel/{jobId}; a cancelled crawl reads failed', async () => {
    const start = await api.request('POST', '/v0/crawl', { body: { url: `${site.url}/slow?ms=2000` } });
    const cancel = await api.request('DELETE', `/v0/crawl/cancel/${start.body.jobId}`);
    expect(cancel.body).toEqual({ status: 'cancelled' });
    const status = await api.request('GET', `/v0/crawl/status/${start.body.jobId}`);
    expect(status.body).toMatchObject({ status: 'failed', data: null });
  });

  it('answers unknown job ids with 404 {error:"Job not found"}', async () => {
    for (const [method, path] of [
      ['GET', '/v0/crawl/status/unknown'],
      ['DELETE', '/v0/crawl/cancel/unknown'],
    ] as const) {
      const res = await api.request(method, path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Job not found' });
    }
  });
});

describe('v0 partial_data', () => {
  it('holds the 50 newest documents, with data null, while the crawl is active', async () => {
    const store = createMemoryStore();
    const local = await startApi({ store, worker: false });
    try {
      const start = await local.request('POST', '/v0/crawl', { body: { url: `${site.url}/crawl/` } });
      const jobId = start.body.jobId;
      // No worker runs here: write 60 results the way a worker would, to look at the view.
      const doc = (i: number): Document => ({
        markdown: `page ${i}`,
        metadata: { sourceURL: `${site.url}/p/${i}`, url: `${site.url}/p/${i}`, statusCode: 200 },
      });
      await store.results.append(
        jobId,
        Array.from({ length: 60 }, (_, i) => ({ kind: 'document' as const, url: `${site.url}/p/${i}`, document: doc(i) })),
      );
      await store.jobs.increment(jobId, { total: 61, completed: 60 });
      const status = await local.request('GET', `/v0/crawl/status/${jobId}`);
      expect(status.body).toMatchObject({ status: 'active', current: 60, total: 61, data: null });
      expect(status.body.partial_data).toHaveLength(50);
      expect(status.body.partial_data[0]).toMatchObject({ content: 'page 10', index: 10 });
      expect(status.body.partial_data[49]).toMatchObject({ content: 'page 59', index: 59 });
    } finally {
      await local.close();
    }
  });
});

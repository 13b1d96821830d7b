import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('POST /v1/scrape', () => {
  it('answers the document in the requested formats', async () => {
    const res = await api.request('POST', '/v1/scrape', {
      body: {
        url: `${site.url}/articles/boilerplate`,
        formats: ['markdown', 'links', 'html'],
        origin: 'js-sdk@1.21.1',
        integration: 'n8n',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const doc = res.body.data;
    expect(doc.markdown).toContain(phrases.articleLead);
    expect(doc.markdown).not.toContain(phrases.cookie);
    expect(doc.html).toContain(phrases.articleLead);
    expect(doc.rawHtml).toBeUndefined();
    expect(doc.links).toContain(`${site.url}/articles/minimal`);
    expect(doc.metadata.title).toContain(phrases.articleTitle);
    expect(doc.metadata).toMatchObject({ ogTitle: phrases.articleTitle, sourceURL: `${site.url}/articles/boilerplate`, statusCode: 200 });
  });

  it("answers a target's 404 as a 200 with metadata.statusCode 404", async () => {
    const res = await api.request('POST', '/v1/scrape', { body: { url: `${site.url}/status/404` } });
    expect(res.status).toBe(200);
    expect(res.body.data.metadata.statusCode).toBe(404);
  });

  it('prepends http:// to a URL without a scheme', async () => {
    const res = await api.request('POST', '/v1/scrape', { body: { url: `${site.url.replace('http://', '')}/articles/minimal` } });
    expect(res.status).toBe(200);
    expect(res.body.data.metadata.sourceURL).toBe(`${site.url}/articles/minimal`);
  });

  it('answers 408 SCRAPE_TIMEOUT when the page is too slow', async () => {
    const res = await api.request('POST', '/v1/scrape', { body: { url: `${site.url}/slow?ms=3000`, timeout: 300 } });
    expect(res.status).toBe(408);
    expect(res.body).toMatchObject({ success: false, code: 'SCRAPE_TIMEOUT' });
    expect(res.body.error).toEqual(expect.any(String));
  });

  it('answers 400 BAD_REQUEST with zod details for an invalid body', async () => {
    const res = await api.request('POST', '/v1/scrape', { body: { url: `${site.url}/`, formats: ['pdf'], timeout: -1 } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'BAD_REQUEST', error: 'Bad Request' });
    const paths = res.body.details.map((d: { path: unknown[] }) => d.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['formats.0', 'timeout']));
  });

  it('rejects unknown keys (strict bodies) with Firecrawl’s wording', async () => {
    const res = await api.request('POST', '/v1/scrape', { body: { url: `${site.url}/`, pageOptions: {} } });
    expect(res.status).toBe(400);
    expect(res.body.details[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['pageOptions'] });
    expect(res.body.details[0].message).toMatch(/Unrecognized key in body/);
  });

  it("accepts the auditMetadata and location the 4.x SDK's v1 client sends on scrape and map", async () => {
    const scraped = await api.request('POST', '/v1/scrape', {
      body: { url: `${site.url}/articles/minimal`, formats: ['markdown'], auditMetadata: { username: 'ana' } },
    });
    expect(scraped.status).toBe(200);
    expect(scraped.body.data.markdown).toBeTruthy();
    const mapped = await api.request('POST', '/v1/map', {
      body: { url: `${site.url}/crawl/`, limit: 2, auditMetadata: { username: 'ana' }, location: { country: 'de' } },
    });
    expect(mapped.status).toBe(200);
    expect(mapped.body.links).toHaveLength(2);
    const bad = await api.request('POST', '/v1/map', { body: { url: `${site.url}/crawl/`, auditMetadata: { user: 'ana' } } });
    expect(bad.status).toBe(400);
  });

  it('rejects a missing or non-http URL', async () => {
    const missing = await api.request('POST', '/v1/scrape', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.details[0].path).toEqual(['url']);
    const ftp = await api.request('POST', '/v1/scrape', { body: { url: 'ftp://example.com/file' } });
    expect(ftp.status).toBe(400);
    expect(ftp.body.details[0].message).toMatch(/only http and https/);
  });

  it('answers 400 BAD_REQUEST_INVALID_JSON for malformed JSON', async () => {
    const res = await api.request('POST', '/v1/scrape', { rawBody: '{"url": ' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, code: 'BAD_REQUEST_INVALID_JSON', error: 'Bad request, malformed JSON' });
  });

  it('refuses bodies over 10 MB', async () => {
    const res = await api.request('POST', '/v1/scrape', {
      rawBody: JSON.stringify({ url: `${site.url}/`, pad: 'x'.repeat(10 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(res.body.success).toBe(false);
  });

  it('accepts a body of several megabytes', async () => {
    // 4 MB of prompt (headers are capped far below that): the body is read and validated whole.
    const res = await api.request('POST', '/v1/scrape', {
      body: { url: `${site.url}/articles/minimal`, jsonOptions: { prompt: 'y'.repeat(4_000_000) }, formats: ['links'] },
    });
    expect(res.status).toBe(200);
  });

  it('names the missing adapter for screenshots and json', async () => {
    const shot = await api.request('POST', '/v1/scrape', { body: { url: `${site.url}/`, formats: ['screenshot'] } });
    expect(shot.status).toBe(501);
    expect(shot.body).toMatchObject({ success: false, code: 'SCRAPE_ADAPTER_MISSING' });
    expect(shot.body.error).toMatch(/browser/);
    const json = await api.request('POST', '/v1/scrape', {
      body: { url: `${site.url}/`, formats: ['json'], jsonOptions: { prompt: 'x' } },
    });
    expect(json.status).toBe(501);
    expect(json.body.error).toMatch(/LLM provider/);
  });

  it('answers JSON 404 for unknown paths and 405 for wrong methods', async () => {
    const unknown = await api.request('GET', '/v1/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.body.success).toBe(false);
    const wrong = await api.request('GET', '/v1/scrape');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
  });
});

describe('SSRF policy', () => {
  it('refuses loopback targets unless private networks are allowed', async () => {
    const strict = await startApi({ allowPrivateNetwork: false, logger: quietLogger });
    try {
      site.resetRequests();
      const res = await strict.request('POST', '/v1/scrape', { body: { url: `${site.url}/articles/minimal` } });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.body).toMatchObject({ success: false, code: 'SCRAPE_BLOCKED_URL' });
      expect(res.body.error).toMatch(/TRAWL_ALLOW_PRIVATE_NETWORK/);
      expect(site.hits('/articles/minimal')).toBe(0);
    } finally {
      await strict.close();
    }
  });
});

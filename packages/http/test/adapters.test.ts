import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLlmProvider } from '@trawl/llm';
import { startOpenAiStandIn, type OpenAiStandIn } from '@trawl/llm/testing';
import { duckDuckGoProvider, searxngProvider } from '@trawl/search';
import { fixtureHits, startSearxngStandIn, type StandIn } from '@trawl/search/testing';
import { phrases, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { startApi, type TestApi } from './helpers/api-server.js';

/**
 * The endpoints whose engines are adapters: with none configured they refuse clearly; with the
 * real @trawl/search and @trawl/llm adapters, talking to loopback stand-ins of SearXNG and of an
 * OpenAI-compatible server, they work end to end.
 */
let site: FixtureSite;

beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(async () => {
  await site?.close();
});

async function waitForLlmJob(api: TestApi, path: string, token?: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await api.request('GET', path, token === undefined ? {} : { token });
    if (res.status !== 200 || res.body.status !== 'processing') return res;
    if (Date.now() > deadline) throw new Error(`${path} still processing`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('without adapters', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api?.close());

  it('answers search with 501 naming the search adapter, after validating the body', async () => {
    const v1 = await api.request('POST', '/v1/search', { body: { query: 'harbour', limit: 3 } });
    expect(v1.status).toBe(501);
    expect(v1.body).toMatchObject({ success: false, code: 'SCRAPE_ADAPTER_MISSING' });
    expect(v1.body.error).toMatch(/search provider.*@trawl\/search/);
    const v0 = await api.request('POST', '/v0/search', { body: { query: 'harbour' } });
    expect(v0.status).toBe(501);
    expect(v0.body.error).toMatch(/@trawl\/search/);
    const invalid = await api.request('POST', '/v1/search', { body: { query: 'x', limit: 11 } });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ success: false, code: 'BAD_REQUEST' });
  });

  it('answers extract with 501 naming the LLM adapter; invalid input is "Invalid input data."', async () => {
    const start = await api.request('POST', '/v1/extract', { body: { urls: [`${site.url}/*`], prompt: 'titles' } });
    expect(start.status).toBe(501);
    // The same code as a missing search provider or browser.
    expect(start.body).toMatchObject({ success: false, code: 'SCRAPE_ADAPTER_MISSING' });
    expect(start.body.error).toMatch(/LLM provider.*@trawl\/llm/);
    const invalid = await api.request('POST', '/v1/extract', { body: { enableWebSearch: true } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toBe('Invalid input data.');
    const status = await api.request('GET', '/v1/extract/some-id');
    expect(status.status).toBe(404);
    expect(status.body).toEqual({ error: 'Extract job not found' });
  });

  it('refuses crawls and batches whose pages need a missing adapter before starting them', async () => {
    const crawl = await api.request('POST', '/v1/crawl', {
      body: { url: `${site.url}/crawl/`, scrapeOptions: { formats: ['json'], jsonOptions: { prompt: 'x' } } },
    });
    expect(crawl.status).toBe(501);
    expect(crawl.body.error).toMatch(/LLM provider/);
    const batch = await api.request('POST', '/v1/batch/scrape', { body: { urls: [`${site.url}/`], formats: ['screenshot'] } });
    expect(batch.status).toBe(501);
    expect(batch.body.error).toMatch(/browser/);
    const v0 = await api.request('POST', '/v0/crawl', {
      body: { url: `${site.url}/crawl/`, crawlerOptions: { generateImgAltText: true } },
    });
    expect(v0.status).toBe(501);
  });

  it('writes llms.txt from page metadata, saying so, and words its errors as the spec does', async () => {
    const start = await api.request('POST', '/v1/llmstxt', { body: { url: `${site.url}/crawl/`, maxUrls: 3, showFullText: true } });
    expect(start.status).toBe(200);
    expect(start.body).toEqual({ success: true, id: expect.any(String) });
    const done = await waitForLlmJob(api, `/v1/llmstxt/${start.body.id}`);
    expect(done.body).toMatchObject({ success: true, status: 'completed' });
    expect(done.body.data.llmstxt).toContain(`${site.url}/crawl/`);
    expect(done.body.data.llmsfulltxt).toEqual(expect.any(String));
    expect(done.body.warning).toMatch(/No LLM provider is configured/);
    const invalid = await api.request('POST', '/v1/llmstxt', { body: { maxUrls: 0 } });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ success: false, error: 'Invalid parameters provided' });
    const status = await api.request('GET', '/v1/llmstxt/some-id');
    expect(status.status).toBe(404);
    expect(status.body).toEqual({ success: false, error: 'LLMs.txt generation job not found' });
  });
});

describe('with the @trawl/search adapter (SearXNG stand-in)', () => {
  let api: TestApi;
  let searxng: StandIn;
  beforeAll(async () => {
    searxng = await startSearxngStandIn({
      hits: (query) => fixtureHits(site.url).filter((hit) => `${hit.title} ${hit.description}`.toLowerCase().includes(query.toLowerCase())),
    });
    api = await startApi({
      searchProvider: searxngProvider({ endpoint: searxng.origin }),
      auth: { k: 'searcher' },
      credits: { searcher: 100 },
    });
  });
  afterAll(async () => {
    await api?.close();
    await searxng?.close();
  });

  it('returns the hits without content unless markdown is asked for, 1 credit per result', async () => {
    const res = await api.request('POST', '/v1/search', {
      token: 'k',
      body: { query: 'minimal', limit: 5, lang: 'fr', country: 'fr', origin: 'js-sdk@1.21.1' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { url: `${site.url}/articles/minimal`, title: 'Minimal page', description: 'One paragraph of text and nothing else.' },
    ]);
    const usage = await api.request('GET', '/v1/team/credit-usage', { token: 'k' });
    expect(usage.body.data.remaining_credits).toBe(99);
  });

  it('scrapes each hit when markdown is asked for', async () => {
    const res = await api.request('POST', '/v1/search', {
      token: 'k',
      body: { query: 'harbour pilots', scrapeOptions: { formats: ['markdown'] } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data[0].markdown).toContain(phrases.articleLead);
    expect(res.body.data[0].metadata.statusCode).toBe(200);
  });

  it('warns when nothing was found', async () => {
    const res = await api.request('POST', '/v1/search', { token: 'k', body: { query: 'zebra' } });
    expect(res.body).toEqual({ success: true, data: [], warning: 'No search results found' });
  });

  it('serves v0 search with scraped Markdown', async () => {
    const res = await api.request('POST', '/v0/search', { token: 'k', body: { query: 'minimal', searchOptions: { limit: 1 } } });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({
      url: `${site.url}/articles/minimal`,
      metadata: { sourceURL: `${site.url}/articles/minimal`, pageStatusCode: 200 },
    });
    expect(res.body.data[0].content).toContain('minimal page');
    const bare = await api.request('POST', '/v0/search', {
      token: 'k',
      body: { query: 'minimal', pageOptions: { fetchPageContent: false } },
    });
    expect(bare.body.data).toEqual([
      { url: `${site.url}/articles/minimal`, title: 'Minimal page', description: 'One paragraph of text and nothing else.' },
    ]);
  });

  it('answers 408 "Request timed out" when the search outlives its timeout', async () => {
    const slow = await startSearxngStandIn({ hits: fixtureHits(site.url), delayMs: 2_000 });
    const slowApi = await startApi({ searchProvider: searxngProvider({ endpoint: slow.origin }) });
    try {
      const res = await slowApi.request('POST', '/v1/search', { body: { query: 'x', timeout: 200 } });
      expect(res.status).toBe(408);
      expect(res.body).toMatchObject({ success: false, error: 'Request timed out' });
    } finally {
      await slowApi.close();
      await slow.close();
    }
  });

  it('answers 502 naming the provider and the cause when the provider cannot be reached, on v1 and v0', async () => {
    // A stand-in stopped before the search: nothing listens on its port any more.
    const gone = await startSearxngStandIn({ hits: [] });
    await gone.close();
    const deadApi = await startApi({ searchProvider: searxngProvider({ endpoint: gone.origin }) });
    try {
      const v1 = await deadApi.request('POST', '/v1/search', { body: { query: 'harbour' } });
      expect(v1.status).toBe(502);
      expect(v1.body).toMatchObject({
        success: false,
        code: 'SEARCH_PROVIDER_ERROR',
        error: expect.stringMatching(/^Could not reach searxng at http:\/\/127\.0\.0\.1:\d+: \S/),
      });
      const v0 = await deadApi.request('POST', '/v0/search', { body: { query: 'harbour' } });
      expect(v0.status).toBe(502);
      expect(v0.body.error).toMatch(/^Could not reach searxng/);
    } finally {
      await deadApi.close();
    }
  });
});

describe('the default search provider offline', () => {
  it("answers 502 naming DuckDuckGo and the local index's variable, which needs no network", async () => {
    const gone = await startSearxngStandIn({ hits: [] });
    await gone.close();
    const offline = await startApi({ searchProvider: duckDuckGoProvider({ htmlUrl: `${gone.origin}/html/` }) });
    try {
      const res = await offline.request('POST', '/v1/search', { body: { query: 'harbour' } });
      expect(res.status).toBe(502);
      expect(res.body.code).toBe('SEARCH_PROVIDER_ERROR');
      expect(res.body.error).toMatch(/^Could not reach duckduckgo at http:\/\/127\.0\.0\.1:\d+: .*TRAWL_SEARCH_PROVIDER=local/);
    } finally {
      await offline.close();
    }
  });
});

describe('with the @trawl/llm adapter (OpenAI-compatible stand-in)', () => {
  let api: TestApi;
  let model: OpenAiStandIn;
  const titleSchema = { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] };
  beforeAll(async () => {
    model = await startOpenAiStandIn();
    const llm = createLlmProvider({ provider: 'openai-compatible', model: 'stand-in', baseUrl: model.url, maxRetries: 0 });
    api = await startApi({ llm, auth: { k: 'modeller', other: 'another-team' }, credits: { modeller: 100 } });
  });
  afterAll(async () => {
    await api?.close();
    await model?.close();
  });

  const credits = () => api.request('GET', '/v1/team/credit-usage', { token: 'k' }).then((r) => r.body.data.remaining_credits as number);

  it('fills the json format from the page, 5 credits a page, and v0 llm_extraction', async () => {
    const before = await credits();
    const v1 = await api.request('POST', '/v1/scrape', {
      token: 'k',
      body: { url: `${site.url}/articles/boilerplate`, formats: ['json'], jsonOptions: { schema: titleSchema } },
    });
    expect(v1.status).toBe(200);
    expect(v1.body.data.json.title).toBe(phrases.articleTitle);
    expect(await credits()).toBe(before - 5);
    const v0 = await api.request('POST', '/v0/scrape', {
      token: 'k',
      body: {
        url: `${site.url}/articles/boilerplate`,
        pageOptions: { onlyMainContent: true },
        extractorOptions: { mode: 'llm-extraction', extractionSchema: titleSchema },
      },
    });
    expect(v0.status).toBe(200);
    expect(v0.body.data.llm_extraction.title).toBe(phrases.articleTitle);
    expect(v0.body.data.content).toContain(phrases.articleLead);
  });

  it('runs an extract job: {success, id} at once, then the status turns completed with the data', async () => {
    const before = await credits();
    const start = await api.request('POST', '/v1/extract', {
      token: 'k',
      body: { urls: [`${site.url}/articles/boilerplate`], prompt: 'The title', schema: titleSchema },
    });
    expect(start.status).toBe(200);
    expect(start.body).toEqual({ success: true, id: expect.any(String) });
    const done = await waitForLlmJob(api, `/v1/extract/${start.body.id}`, 'k');
    expect(done.body).toMatchObject({ success: true, status: 'completed', data: { title: phrases.articleTitle } });
    expect(new Date(done.body.expiresAt).getTime()).toBeGreaterThan(Date.now());
    await api.server.api.settled();
    expect(await credits()).toBe(before - 5);
    // Another team cannot read it.
    const foreign = await api.request('GET', `/v1/extract/${start.body.id}`, { token: 'other' });
    expect(foreign.status).toBe(404);
  });

  it('writes llms.txt with the model describing each page', async () => {
    const start = await api.request('POST', '/v1/llmstxt', { token: 'k', body: { url: `${site.url}/articles/boilerplate`, maxUrls: 1 } });
    const status = await waitForLlmJob(api, `/v1/llmstxt/${start.body.id}`, 'k');
    expect(status.body).toMatchObject({ success: true, status: 'completed' });
    expect(status.body.data.llmstxt).toContain(`${site.url}/articles/boilerplate`);
    expect(status.body.warning).toBeUndefined();
    expect(model.requests.length).toBeGreaterThan(0);
  });
});

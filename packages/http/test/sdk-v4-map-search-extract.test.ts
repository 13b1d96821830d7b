import { createLlmProvider } from '@trawl/llm';
import { startOpenAiStandIn, type OpenAiStandIn } from '@trawl/llm/testing';
import { searxngProvider } from '@trawl/search';
import { fixtureHits, startSearxngStandIn, type StandIn } from '@trawl/search/testing';
import { boilerplateArticle, phrases, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import Firecrawl, { type Document, type SearchResultWeb } from 'firecrawl-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './helpers/api-server.js';
import { matchingHits } from './helpers/firecrawl-clients.js';
import { failureOf } from './helpers/sdk-error.js';

/** The official JS SDK 4.x (v2 API), unchanged: map, search through a SearXNG stand-in, extract through an OpenAI stand-in. */
let site: FixtureSite;
let searxng: StandIn;
let model: OpenAiStandIn;
let api: TestApi;
let app: Firecrawl;

beforeAll(async () => {
  site = await startFixtureSite();
  searxng = await startSearxngStandIn({ hits: (query) => matchingHits(fixtureHits(site.url), query) });
  model = await startOpenAiStandIn();
  api = await startApi({
    auth: { 'fc-v4-adapters': 'sdk-team' },
    searchProvider: searxngProvider({ endpoint: searxng.origin }),
    llm: createLlmProvider({ provider: 'openai-compatible', model: 'stand-in', baseUrl: model.url, maxRetries: 0 }),
  });
  app = new Firecrawl({ apiKey: 'fc-v4-adapters', apiUrl: api.url });
});
afterAll(async () => {
  await api?.close();
  await model?.close();
  await searxng?.close();
  await site?.close();
});

const lastQuery = () => searxng.requests.at(-1)!.url.searchParams.get('q');

describe('@mendable/firecrawl-js 4.x map', () => {
  it('map: links as objects with the titles of the pages it fetched; sitemaps and query strings as v2 defaults them', async () => {
    const result = await app.map(`${site.url}/crawl/`, { limit: 50 });
    const urls = result.links.map((link) => link.url);
    expect(urls[0]).toBe(`${site.url}/crawl/`);
    // From the sitemap, linked from nowhere.
    expect(urls).toContain(`${site.url}/orphan`);
    // /crawl/b?page=2 is /crawl/b once query strings are ignored.
    expect(urls).toContain(`${site.url}/crawl/b`);
    expect(urls.filter((url) => url.startsWith(`${site.url}/crawl/b?`))).toEqual([]);
    expect(result.links.find((link) => link.url === `${site.url}/crawl/`)?.title).toBeTruthy();
  });

  it('map with sitemap "skip", a search, a limit, and a location that is named as not applied', async () => {
    const skip = await app.map(`${site.url}/crawl/`, { sitemap: 'skip', limit: 50, ignoreQueryParameters: false });
    const urls = skip.links.map((link) => link.url);
    expect(urls).not.toContain(`${site.url}/orphan`);
    expect(urls).toContain(`${site.url}/crawl/b?page=2`);
    const searched = await app.map(`${site.url}/`, { search: 'blog', sitemap: 'only', limit: 2 });
    expect(searched.links).toHaveLength(2);
    for (const link of searched.links) expect(link.url).toContain('/blog');
    const located = await api.request('POST', '/v2/map', {
      token: 'fc-v4-adapters',
      body: { url: `${site.url}/crawl/`, limit: 1, location: { country: 'fr' } },
    });
    expect(located.status).toBe(200);
    expect(located.body.warning).toMatch(/location is not applied/);
  });

  it('map of a site with a calendar trap answers with the site and a warning naming the patterns it stopped following', async () => {
    const answer = await api.request('POST', '/v2/map', { token: 'fc-v4-adapters', body: { url: `${site.url}/traps/`, sitemap: 'skip' } });
    expect(answer.status).toBe(200);
    const urls = answer.body.links.map((link: { url: string }) => link.url);
    expect(urls).toContain(`${site.url}/traps/blog/high-pier`);
    expect(answer.body.warning).toMatch(/looked like a crawl trap were not followed further: .*\/traps\/calendar\?month=/);
  });

  it("map takes the SDK's threatProtection and auditMetadata, naming them in the warning; an unknown field is still a 400", async () => {
    const result = await app.map(`${site.url}/crawl/`, {
      limit: 5,
      threatProtection: { mode: 'normal' },
      auditMetadata: { username: 'ana' },
    });
    expect(result.links.map((link) => link.url)).toContain(`${site.url}/crawl/`);
    const raw = await api.request('POST', '/v2/map', {
      token: 'fc-v4-adapters',
      body: { url: `${site.url}/crawl/`, limit: 5, threatProtection: { mode: 'normal' }, auditMetadata: { username: 'ana' } },
    });
    expect(raw.body.warning).toMatch(/threatProtection is not applied.*auditMetadata changes nothing/);
    // The SDK sends only the map fields it knows; a field map does not take is still refused.
    const unknown = await api.request('POST', '/v2/map', {
      token: 'fc-v4-adapters',
      body: { url: `${site.url}/crawl/`, domainTools: true },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatch(/unrecognized key "domainTools"/);
  });

  it("map limits above v1's 5000 are accepted up to 100,000; beyond is a 400", async () => {
    expect((await app.map(`${site.url}/crawl/`, { limit: 100_000, sitemap: 'skip' })).links.length).toBeGreaterThan(5);
    const error = await failureOf(app.map(`${site.url}/`, { limit: 100_001 }));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/limit/);
  });
});

describe('@mendable/firecrawl-js 4.x search', () => {
  it('search answers {web} with positions; news and unknown sources are named in the warning', async () => {
    const result = await app.search('harbour', { limit: 10, sources: ['web', { type: 'news' }, 'alexandria'] });
    const web = result.web as SearchResultWeb[];
    expect(web.map((hit) => hit.url)).toEqual([
      `${site.url}/articles/boilerplate`,
      `${site.url}/blog/1`,
      `${site.url}/blog/2`,
      `${site.url}/blog/3`,
    ]);
    expect(web[0]).toMatchObject({ title: 'Harbour pilots guide ships home', position: 1 });
    expect(result.news).toBeUndefined();
    expect(result.warning).toMatch(/no news search/);
    expect(result.warning).toMatch(/"alexandria" source/);
  });

  it('search with scrapeOptions merges v2 Document fields into each hit', async () => {
    const result = await app.search('pilots', { scrapeOptions: { formats: ['html', 'images'] } });
    const hit = result.web?.[0] as Document & SearchResultWeb;
    expect(hit.url).toBe(`${site.url}/articles/boilerplate`);
    expect(hit.html).toContain(phrases.articleLead);
    expect(hit.images).toContain(`${site.url}${boilerplateArticle.largestImagePath}`);
    // Markdown was only the engine's trigger to scrape.
    expect(hit.markdown).toBeUndefined();
    expect(hit.metadata?.statusCode).toBe(200);
  });

  it('categories and domain lists become filters on the provider query', async () => {
    await app.search('harbour', { categories: ['github', { type: 'pdf' }] });
    expect(lastQuery()).toBe('harbour (site:github.com OR filetype:pdf)');
    await app.search('harbour', { categories: ['research'], excludeDomains: ['example.com'] });
    expect(lastQuery()).toMatch(/^harbour \(site:arxiv\.org OR .*site:journals\.plos\.org\) -site:example\.com$/);
    await app.search('harbour', { includeDomains: ['github.com', 'gitlab.com'], tbs: 'qdr:w', country: 'DE', location: 'Berlin' });
    expect(lastQuery()).toBe('harbour (site:github.com OR site:gitlab.com)');
    const developer = await failureOf(app.search('harbour', { categories: ['developer'] }));
    expect(developer.status).toBe(400);
    expect(developer.message).toMatch(/developer/);
  });

  it("lang goes to the provider; filter and enterprise modes, which Firecrawl's search takes, are answered with a warning", async () => {
    const result = await app.search('harbour', { limit: 1, enterprise: ['anon'] });
    expect(result.web).toHaveLength(1);
    expect(result.warning).toMatch(/enterprise search modes change nothing here/);
    const raw = await api.request('POST', '/v2/search', {
      token: 'fc-v4-adapters',
      body: { query: 'harbour', limit: 1, lang: 'de', country: 'AT', filter: '1' },
    });
    expect(raw.status).toBe(200);
    expect(searxng.requests.at(-1)!.url.searchParams.get('language')).toBe('de-AT');
    expect(raw.body.warning).toMatch(/filter is not applied/);
  });

  it("a source's own options: the web source's tbs is applied, any other option named in a warning", async () => {
    const raw = await api.request('POST', '/v2/search', {
      token: 'fc-v4-adapters',
      body: {
        query: 'harbour',
        limit: 1,
        sources: [
          { type: 'web', tbs: 'qdr:w', freshness: 'recent' },
          { type: 'news', tbs: 'qdr:d' },
        ],
      },
    });
    expect(raw.status).toBe(200);
    expect(searxng.requests.at(-1)!.url.searchParams.get('time_range')).toBe('week');
    expect(raw.body.warning).toMatch(/the web source's freshness option is not applied/);
    expect(raw.body.warning).toMatch(/the news source's tbs option is not applied/);
  });

  it("firecrawl-mcp 3.26's Alexandria fields (domainTools, toolDetail, the alexandria source) and threatProtection are answered with a warning", async () => {
    const result = await app.search('harbour', {
      limit: 1,
      sources: ['web', 'alexandria'],
      domainTools: true,
      toolDetail: 'compact',
      threatProtection: { mode: 'manual-only', blockedTlds: ['zip'] },
    });
    expect(result.web).toHaveLength(1);
    expect(result.warning).toMatch(/domainTools finds no tools/);
    expect(result.warning).toMatch(/"alexandria" source is a Firecrawl hosted source/);
    expect(result.warning).toMatch(/threatProtection is not applied/);
    const wrongDetail = await failureOf(app.search('harbour', { toolDetail: 'everything' as never }));
    expect(wrongDetail.status).toBe(400);
    expect(wrongDetail.message).toMatch(/toolDetail/);
  });

  it('a limit above 100 is a 400 naming it', async () => {
    const error = await failureOf(app.search('harbour', { limit: 101 }));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/^Bad Request: limit/);
  });
});

describe('@mendable/firecrawl-js 4.x extract', () => {
  it('extract waits for the job and returns the object the model read from the page', async () => {
    const schema = { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] };
    const result = await app.extract({
      urls: [`${site.url}/articles/boilerplate`],
      prompt: 'The title of the article',
      schema,
      scrapeOptions: { formats: ['markdown'], onlyMainContent: true },
      pollInterval: 1,
      timeout: 60,
    });
    expect(result.status).toBe('completed');
    expect(result.data).toEqual({ title: boilerplateArticle.title });
    const started = await app.startExtract({ urls: [`${site.url}/articles/boilerplate`], prompt: 'The title of the article', schema });
    expect(started).toMatchObject({ success: true, id: expect.any(String) });
    const status = await app.getExtractStatus(started.id!);
    expect(['processing', 'completed']).toContain(status.status);
  });

  it("extract with Firecrawl's hosted agent is a 501 naming it", async () => {
    const error = await failureOf(app.startExtract({ urls: [`${site.url}/`], prompt: 'x', agent: { model: 'FIRE-1' } }));
    expect(error.status).toBe(501);
    expect(error.message).toMatch(/agent/);
  });
});

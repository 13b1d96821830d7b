import { createLlmProvider } from '@trawl/llm';
import { startOpenAiStandIn, type OpenAiStandIn } from '@trawl/llm/testing';
import { searxngProvider } from '@trawl/search';
import { fixtureHits, startSearxngStandIn, type StandIn } from '@trawl/search/testing';
import { phrases, profileFixtures, startFixtureSite, startReceiver, type FixtureSite } from '@trawl/testkit';
import FirecrawlV0 from 'firecrawl-v0';
import FirecrawlApp from 'firecrawl-v1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './helpers/api-server.js';

/**
 * The official SDKs' search, extract and llms.txt calls, unchanged, against a server whose
 * search and LLM adapters talk to loopback stand-ins of SearXNG and an OpenAI-compatible model.
 */
let site: FixtureSite;
let searxng: StandIn;
let model: OpenAiStandIn;
let api: TestApi;

beforeAll(async () => {
  site = await startFixtureSite();
  searxng = await startSearxngStandIn({
    hits: (query) => fixtureHits(site.url).filter((hit) => `${hit.title} ${hit.description}`.toLowerCase().includes(query.toLowerCase())),
  });
  model = await startOpenAiStandIn();
  api = await startApi({
    auth: { 'fc-sdk': 'sdk-team' },
    searchProvider: searxngProvider({ endpoint: searxng.origin }),
    llm: createLlmProvider({ provider: 'openai-compatible', model: 'stand-in', baseUrl: model.url, maxRetries: 0 }),
  });
});
afterAll(async () => {
  await api?.close();
  await model?.close();
  await searxng?.close();
  await site?.close();
});

const titleSchema = { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] };

describe('@mendable/firecrawl-js 1.x with adapters', () => {
  it('search returns the hits, scraped when markdown is asked for', async () => {
    const app = new FirecrawlApp({ apiKey: 'fc-sdk', apiUrl: api.url });
    const bare = await app.search('minimal', { limit: 3 });
    expect(bare.success).toBe(true);
    expect(bare.data.map((d) => d.url)).toEqual([`${site.url}/articles/minimal`]);
    const scraped = await app.search('harbour pilots', { scrapeOptions: { formats: ['markdown'] } });
    expect(scraped.data[0]?.markdown).toContain(phrases.articleLead);
  });

  it('extract waits for the job and returns the extracted object', async () => {
    const app = new FirecrawlApp({ apiKey: 'fc-sdk', apiUrl: api.url });
    const result = await app.extract([`${site.url}/articles/boilerplate`], { prompt: 'The title of the article', schema: titleSchema });
    if (!result.success) throw new Error(result.error);
    expect((result.data as { title: string }).title).toBe(phrases.articleTitle);
    expect(model.requests.some((r) => JSON.stringify(r.body).includes(phrases.articleLead))).toBe(true);
  });

  it("scrapeUrl with the 'extract' format answers under `extract`, as Firecrawl's v1 does", async () => {
    const app = new FirecrawlApp({ apiKey: 'fc-sdk', apiUrl: api.url });
    const result = await app.scrapeUrl(`${site.url}/articles/boilerplate`, {
      formats: ['extract'],
      // The 1.x SDK types `schema` as a zod schema and sends a JSON Schema as it is.
      extract: { prompt: 'The title of the article', schema: titleSchema as never },
    });
    if (!result.success) throw new Error(result.error);
    expect((result as { extract?: { title?: string } }).extract?.title).toBe(phrases.articleTitle);
    expect(result).not.toHaveProperty('json');
  });

  it("batchScrapeUrls with the 'extract' format gives each page's `extract`", async () => {
    const app = new FirecrawlApp({ apiKey: 'fc-sdk', apiUrl: api.url });
    const result = await app.batchScrapeUrls([`${site.url}/articles/boilerplate`], {
      formats: ['extract', 'markdown'],
      extract: { schema: titleSchema },
    });
    if (!result.success) throw new Error(result.error);
    expect(result.data).toHaveLength(1);
    const [page] = result.data;
    expect((page?.extract as { title: string } | undefined)?.title).toBe(phrases.articleTitle);
    expect(page?.markdown).toContain(phrases.articleLead);
    expect(page).not.toHaveProperty('json');
  });

  it("a batch's page webhooks name the 'extract' format's answer as its status does", async () => {
    const receiver = await startReceiver();
    try {
      const started = await fetch(`${api.url}/v1/batch/scrape`, {
        method: 'POST',
        headers: { authorization: 'Bearer fc-sdk', 'content-type': 'application/json' },
        body: JSON.stringify({
          urls: [`${site.url}/articles/boilerplate`],
          formats: ['extract'],
          extract: { schema: titleSchema },
          webhook: { url: `${receiver.url}/batch`, events: ['page'] },
        }),
      });
      expect(started.status).toBe(200);
      await receiver.waitForRequests(1, 30_000);
      const page = receiver.requests[0]!.json as { type: string; data: Array<{ extract?: { title: string }; json?: unknown }> };
      expect(page.type).toBe('batch_scrape.page');
      expect(page.data[0]?.extract?.title).toBe(phrases.articleTitle);
      expect(page.data[0]).not.toHaveProperty('json');
    } finally {
      await receiver.close();
    }
  });

  it("asks 'json' and 'extract' together: both keys; `extract` options without the format: 400", async () => {
    const post = (body: unknown) =>
      fetch(`${api.url}/v1/scrape`, {
        method: 'POST',
        headers: { authorization: 'Bearer fc-sdk', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const both = await post({
      url: `${site.url}/articles/boilerplate`,
      formats: ['json', 'extract'],
      jsonOptions: { schema: titleSchema },
    });
    expect(both.status).toBe(200);
    const { data } = (await both.json()) as { data: { json: { title: string }; extract: { title: string } } };
    expect(data.extract.title).toBe(phrases.articleTitle);
    expect(data.json).toEqual(data.extract);
    const stray = await post({ url: `${site.url}/articles/boilerplate`, formats: ['markdown'], extract: { schema: titleSchema } });
    expect(stray.status).toBe(400);
    expect(JSON.stringify(await stray.json())).toContain("When 'extract' format is specified");
  });

  it("v1's summary, product, menu and branding formats answer under their own names", async () => {
    const app = new FirecrawlApp({ apiKey: 'fc-sdk', apiUrl: api.url });
    const summarized = await app.scrapeUrl(`${site.url}/articles/boilerplate`, { formats: ['summary' as never] });
    if (!summarized.success) throw new Error(summarized.error);
    expect(typeof (summarized as { summary?: unknown }).summary).toBe('string');
    expect(summarized).not.toHaveProperty('json');
    const product = await app.scrapeUrl(`${site.url}${profileFixtures.jsonLdProduct.path}`, { formats: ['product' as never] });
    if (!product.success) throw new Error(product.error);
    expect((product as { product?: { variants: unknown[] } }).product?.variants.length).toBeGreaterThan(0);
    expect(product).not.toHaveProperty('rawHtml');
    const refused = await fetch(`${api.url}/v1/scrape`, {
      method: 'POST',
      headers: { authorization: 'Bearer fc-sdk', 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${site.url}/articles/boilerplate`, formats: ['summary', 'json'] }),
    });
    expect(refused.status).toBe(400);
  });

  it('generateLLMsText waits for the job and returns llms.txt', async () => {
    const app = new FirecrawlApp({ apiKey: 'fc-sdk', apiUrl: api.url });
    const result = await app.generateLLMsText(`${site.url}/articles/boilerplate`, { maxUrls: 1, showFullText: true });
    if (!result.success) throw new Error(result.error);
    expect(result.status).toBe('completed');
    expect(result.data.llmstxt).toContain(`${site.url}/articles/boilerplate`);
    expect(result.data.llmsfulltxt).toContain(phrases.articleLead);
  });
});

describe('@mendable/firecrawl-js 0.0.x with adapters', () => {
  it('search returns pages with their Markdown', async () => {
    const app = new FirecrawlV0({ apiKey: 'fc-sdk', apiUrl: api.url });
    const result = await app.search('minimal', { searchOptions: { limit: 1 } });
    expect(result.success).toBe(true);
    const [page] = result.data ?? [];
    expect(result.data).toHaveLength(1);
    expect(page?.url).toBe(`${site.url}/articles/minimal`);
    expect(page?.markdown?.length).toBeGreaterThan(0);
  });
});

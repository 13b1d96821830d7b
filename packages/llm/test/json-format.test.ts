import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { batchScrape, crawl, createMemoryStore, scrape, type Document } from '@trawl/core';
import { llmExtractionOf, readAllDocuments, startBatchJob, startWorker, withV0Extractor } from '@trawl/core/server';
import { createLlmProvider } from '@trawl/llm';
import { failureReply, readFromPrompt, startOpenAiStandIn, type OpenAiStandIn, type StandInRequest } from '@trawl/llm/testing';
import { catalogue, startShopSite, type ShopSite } from './support/shop-site.js';

const PRICE_SCHEMA = {
  type: 'object',
  properties: { name: { type: 'string' }, price: { type: 'number' }, currency: { type: 'string' } },
  required: ['name', 'price'],
};

let shop: ShopSite;
let standIn: OpenAiStandIn;
let respond: (request: StandInRequest) => unknown = readFromPrompt;
const llm = () => createLlmProvider({ provider: 'openai-compatible', model: 'stand-in', baseUrl: standIn.url, maxRetries: 0 });

beforeAll(async () => {
  [shop, standIn] = await Promise.all([startShopSite(), startOpenAiStandIn({ respond: (r) => respond(r), contextTokens: 2048 })]);
});
afterAll(() => Promise.all([shop.close(), standIn.close()]));
afterEach(() => {
  standIn.requests.length = 0;
  respond = readFromPrompt;
});

describe('the json format through scrape()', () => {
  it('reads the price out of the page the model was sent', async () => {
    const doc = await scrape(`${shop.url}/lantern`, {
      formats: ['json'],
      jsonOptions: { schema: PRICE_SCHEMA, prompt: 'The product and its price.' },
      llm: llm(),
    });

    expect(doc.json).toEqual({ name: 'Brass ship lantern', price: 19.99 });
    expect(doc.markdown).toBeUndefined(); // only asked for json: the Markdown the model read is not handed back
    expect(doc.metadata.title).toBe('Brass ship lantern');
    const request = standIn.requests[0]!;
    expect(request.firstUserText).toContain('The product and its price.');
    expect(request.firstUserText).toContain('Price: $19.99');
    expect(request.firstUserText).toContain(`${shop.url}/lantern`);
    // Asked with every field present and nullable, so "not on this page" is an answer, not an invention.
    expect(request.schema).toMatchObject({
      required: ['name', 'price', 'currency'],
      properties: { currency: { type: ['string', 'null'] } },
    });
  });

  it('keeps the Markdown when it was asked for, and accepts a prompt alone for a free-form object', async () => {
    const doc = await scrape(`${shop.url}/anchor`, {
      formats: ['markdown', 'json'],
      jsonOptions: { prompt: 'What is sold here and for how much?' },
      llm: llm(),
    });
    expect(doc.markdown).toContain('Price: $240');
    expect(doc.json).toMatchObject({ title: 'Cast iron anchor', price: '$240' });
    expect((standIn.requests[0]!.body.response_format as { type: string }).type).toBe('json_object');
  });

  it('warns when a required field is nowhere on the page, instead of inventing it', async () => {
    const schema = { type: 'object', properties: { name: { type: 'string' }, weight: { type: 'number' } }, required: ['name', 'weight'] };
    const doc = await scrape(`${shop.url}/lantern`, { formats: ['json'], jsonOptions: { schema }, llm: llm() });
    expect(doc.json).toEqual({ name: 'Brass ship lantern', weight: null });
    expect(doc.warning).toMatch(/No value was found for the required field\(s\) weight/);
  });

  it('reads a page longer than the context in pieces and merges the lists, without duplicates', async () => {
    const schema = {
      type: 'object',
      properties: {
        products: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, price: { type: 'number' } } } },
      },
    };
    const small = createLlmProvider({
      provider: 'openai-compatible',
      model: 'stand-in',
      baseUrl: standIn.url,
      maxRetries: 0,
      contextTokens: 2048,
    });
    const doc = await scrape(`${shop.url}/catalogue`, { formats: ['json'], jsonOptions: { schema }, llm: small });

    expect(standIn.requests.length).toBeGreaterThan(2);
    const got = (doc.json as { products: Array<{ name: string; price: number }> }).products;
    expect(got).toHaveLength(catalogue.length);
    expect(got).toEqual(catalogue);
    expect(doc.warning).toBeUndefined();
    expect(small.usage.totalTokens).toBeGreaterThan(0);
  });

  it('refuses the json format with no provider, naming the settings', async () => {
    await expect(scrape(`${shop.url}/lantern`, { formats: ['json'], jsonOptions: { schema: PRICE_SCHEMA } })).rejects.toMatchObject({
      code: 'SCRAPE_ADAPTER_MISSING',
      message: expect.stringMatching(/LLM provider.*OPENAI_API_KEY.*OPENAI_BASE_URL.*OLLAMA_BASE_URL.*ANTHROPIC_API_KEY/),
    });
    expect(shop.hits('/lantern')).toBeGreaterThan(0); // from the tests above; this one fetched nothing new
  });

  it('fails the scrape with LLM_ERROR when the model keeps answering badly', async () => {
    respond = () => ({ name: 'Lantern', price: 'nineteen' });
    await expect(
      scrape(`${shop.url}/lantern`, { formats: ['json'], jsonOptions: { schema: PRICE_SCHEMA }, llm: llm() }),
    ).rejects.toMatchObject({ code: 'LLM_ERROR' });
  });
});

describe('v0 extractorOptions', () => {
  it('maps llm-extraction to the json format and gives llm_extraction', async () => {
    const options = withV0Extractor(
      { formats: ['markdown'], onlyMainContent: false },
      { mode: 'llm-extraction', extractionPrompt: 'Find the price', extractionSchema: PRICE_SCHEMA },
    );
    expect(options).toMatchObject({ formats: ['markdown', 'json'], jsonOptions: { schema: PRICE_SCHEMA, prompt: 'Find the price' } });
    expect(withV0Extractor({ formats: ['markdown'] }, { mode: 'markdown' })).toEqual({ formats: ['markdown'] });

    const doc = await scrape(`${shop.url}/anchor`, { ...options, llm: llm() });
    expect(llmExtractionOf(doc)).toEqual({ name: 'Cast iron anchor', price: 240 });
    expect(doc.markdown).toContain('Price: $240');
    expect(standIn.requests[0]!.firstUserText).toContain('Find the price');
  });
});

describe('the json format through crawl(), batchScrape() and a worker', () => {
  const priceOf = (docs: Document[], path: string) => docs.find((d) => d.metadata.sourceURL.endsWith(path))?.json;

  it('extracts on every page of a crawl, at 5 credits a page', async () => {
    const store = createMemoryStore();
    const job = crawl(`${shop.url}/`, {
      store,
      limit: 3,
      scrapeOptions: { formats: ['json'], jsonOptions: { schema: PRICE_SCHEMA } },
      llm: llm(),
    });
    const summary = await job.done;
    expect(summary.status).toBe('completed');
    const docs = await readAllDocuments(store, job.id);
    expect(docs).toHaveLength(3);
    expect(priceOf(docs, '/lantern')).toEqual({ name: 'Brass ship lantern', price: 19.99 });
    expect(priceOf(docs, '/anchor')).toEqual({ name: 'Cast iron anchor', price: 240 });
    expect(docs.every((d) => d.markdown === undefined)).toBe(true);
    expect(summary.creditsUsed).toBe(15);
  });

  it('extracts in a batch scrape, and records a page the model failed on as a page error', async () => {
    respond = (request) => (request.firstUserText.includes('anchor') ? failureReply(503, 'model overloaded') : readFromPrompt(request));
    const store = createMemoryStore();
    const job = batchScrape([`${shop.url}/lantern`, `${shop.url}/anchor`], {
      store,
      scrapeOptions: { formats: ['json'], jsonOptions: { schema: PRICE_SCHEMA } },
      llm: llm(),
    });
    const summary = await job.done;
    expect(summary).toMatchObject({ status: 'completed', completed: 1, failed: 1, creditsUsed: 5 });
    const docs = await readAllDocuments(store, job.id);
    expect(priceOf(docs, '/lantern')).toEqual({ name: 'Brass ship lantern', price: 19.99 });
    const report = await job.errors();
    expect(report.errors[0]).toMatchObject({ url: `${shop.url}/anchor`, error: expect.stringContaining('model overloaded') });
  });

  it('refuses to start a crawl or batch that needs a model when none is configured', () => {
    expect(() => crawl(`${shop.url}/`, { scrapeOptions: { formats: ['json'] } })).toThrow(
      expect.objectContaining({ code: 'SCRAPE_ADAPTER_MISSING' }),
    );
    expect(() => batchScrape([`${shop.url}/lantern`], { scrapeOptions: { formats: ['markdown'], generateImgAltText: true } })).toThrow(
      expect.objectContaining({ message: expect.stringContaining('generateImgAltText needs an LLM provider') }),
    );
  });

  it('runs through a store worker, as the server does, and fails pages clearly on a worker without a model', async () => {
    const store = createMemoryStore();
    const withModel = await startBatchJob(
      [`${shop.url}/lantern`],
      {},
      { store, scrapeOptions: { formats: ['json'], jsonOptions: { schema: PRICE_SCHEMA } } },
    );
    const worker = startWorker({ store, llm: llm() });
    try {
      await expect.poll(async () => (await store.jobs.get(withModel.id))?.status, { timeout: 10_000 }).toBe('completed');
      expect((await readAllDocuments(store, withModel.id))[0]!.json).toEqual({ name: 'Brass ship lantern', price: 19.99 });
    } finally {
      await worker.stop();
    }
    const without = await startBatchJob(
      [`${shop.url}/anchor`],
      {},
      { store, scrapeOptions: { formats: ['json'], jsonOptions: { schema: PRICE_SCHEMA } } },
    );
    const bare = startWorker({ store });
    try {
      await expect.poll(async () => (await store.jobs.get(without.id))?.status, { timeout: 10_000 }).toBe('completed');
      const record = await store.jobs.get(without.id);
      expect(record!.counters).toMatchObject({ completed: 0, failed: 1 });
      const errors = await store.results.read(without.id, { offset: 0, maxCount: 10, maxBytes: 100_000, kind: 'error' });
      expect(errors.entries[0]).toMatchObject({ code: 'SCRAPE_ADAPTER_MISSING', error: expect.stringContaining('OPENAI_BASE_URL') });
    } finally {
      await bare.stop();
    }
  });
});

describe('generateImgAltText', () => {
  it('has a vision model write the alt text of images that lack one, from the image bytes', async () => {
    respond = (request) => (request.images.length ? { altText: `A photo of ${request.images.length} workshop` } : readFromPrompt(request));
    const doc = await scrape(`${shop.url}/gallery`, { formats: ['markdown'], generateImgAltText: true, llm: llm() });
    expect(doc.markdown).toContain(`![A photo of 1 workshop](${shop.url}/img/workshop.png)`);
    expect(doc.markdown).toContain(`![Harbour shop logo](${shop.url}/img/logo.png)`);
    expect(standIn.requests).toHaveLength(1); // only the image without alt text
    expect(standIn.requests[0]!.images[0]).toMatch(/^data:image\/png;base64,/);
    expect(shop.hits('/img/workshop.png')).toBe(1);
  });
});

import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cancelJob, runExtractJob, startExtractJob, toExtractStatus } from '@trawl/core/server';
import { createMemoryStore, extract } from '@trawl/core';
import type { SearchProvider } from '@trawl/core/ports';
import { startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { createLlmProvider } from '@trawl/llm';
import { pageTextOf, readFromPrompt, startOpenAiStandIn, type OpenAiStandIn, type StandInRequest } from '@trawl/llm/testing';
import { startShopSite, type ShopSite } from './support/shop-site.js';

const POSTS_SCHEMA = {
  type: 'object',
  properties: {
    siteName: { type: 'string' },
    posts: {
      type: 'array',
      items: { type: 'object', properties: { title: { type: 'string' }, part: { type: 'integer' } }, required: ['title'] },
    },
  },
  required: ['posts'],
};

/** Reads a blog post the way a model would: its title line and "part N" from the page text. */
function readPost(request: StandInRequest) {
  const title = /^Title: (.+)$/m.exec(request.firstUserText)?.[1] ?? null;
  const part = /part (\d+)/.exec(pageTextOf(request.firstUserText))?.[1];
  return {
    siteName: title === 'Blog post 2' ? 'Quayside' : 'Harbour notes',
    posts: part
      ? [
          { title, part: Number(part) },
          { title: 'Harbour index', part: null },
        ]
      : [],
  };
}

let site: FixtureSite;
let shop: ShopSite;
let standIn: OpenAiStandIn;
let respond: (request: StandInRequest) => unknown = readPost;
const llm = () => createLlmProvider({ provider: 'openai-compatible', model: 'stand-in', baseUrl: standIn.url, maxRetries: 0 });

beforeAll(async () => {
  [site, shop, standIn] = await Promise.all([startFixtureSite(), startShopSite(), startOpenAiStandIn({ respond: (r) => respond(r) })]);
});
afterAll(() => Promise.all([site.close(), shop.close(), standIn.close()]));
afterEach(() => {
  standIn.requests.length = 0;
  respond = readPost;
});

describe('extract jobs', () => {
  it('expands a glob with map, reads every matching page, and merges the answers', async () => {
    const store = createMemoryStore();
    const started = await startExtractJob(store, {
      urls: [`${site.url}/blog/*`],
      prompt: 'List the blog posts',
      schema: POSTS_SCHEMA,
      showSources: true,
    });
    expect(started).toMatchObject({ kind: 'extract', status: 'scraping' });
    expect(toExtractStatus(started)).toMatchObject({ success: true, status: 'processing', data: {} });

    const done = await runExtractJob(store, started.id, { llm: llm() });
    expect(done!.status).toBe('completed');
    const status = toExtractStatus(done!);
    const posts = status.data.posts as Array<{ title: string; part?: number }>;
    // Arrays are concatenated and deduplicated: five posts, and the index every page mentions once.
    expect(
      posts
        .filter((p) => p.part !== undefined)
        .map((p) => p.part)
        .sort(),
    ).toEqual([1, 2, 3, 4, 5]);
    expect(posts.filter((p) => p.title === 'Harbour index')).toHaveLength(1);
    expect(posts.find((p) => p.part === 3)).toEqual({ title: 'Blog post 3', part: 3 });
    // A scalar is what most pages say.
    expect(status.data.siteName).toBe('Harbour notes');
    // Sources say which page gave which field.
    const third = posts.findIndex((p) => p.part === 3);
    expect(status.sources![`posts[${third}]`]).toEqual([`${site.url}/blog/3`]);
    expect(status.sources!.siteName).toHaveLength(4);
    expect(status.sources!.siteName).not.toContain(`${site.url}/blog/2`);
    expect(status.tokensUsed).toBeGreaterThan(0);
    // Only the blog pages matched (and /blog/ itself, a 404 page left out with a warning).
    const read = standIn.requests.map((r) => /^Web page: (.+)$/m.exec(r.firstUserText)?.[1]).sort();
    expect(read).toEqual([1, 2, 3, 4, 5].map((n) => `${site.url}/blog/${n}`));
    expect(status.warning).toMatch(/1 of 6 pages could not be read: .*\/blog\/ \(answered HTTP 404/);
    expect(done!.counters).toMatchObject({ total: 6, completed: 5, failed: 1, creditsUsed: 25 });
  });

  it('a glob walks only its prefix: /traps/blog/* never fetches the calendar and shop its posts link to', async () => {
    respond = () => ({ siteName: 'Harbour Walks', posts: [] });
    site.resetRequests();
    const result = await extract(
      { urls: [`${site.url}/traps/blog/*`], prompt: 'List the blog posts', schema: POSTS_SCHEMA, ignoreSitemap: true },
      { llm: llm() },
    );
    const paths = site.requests.map((request) => request.path);
    expect(paths.filter((path) => !path.startsWith('/traps/blog/') && path !== '/robots.txt')).toEqual([]);
    expect(result.urls.length).toBeGreaterThan(0);
    for (const url of result.urls) expect(new URL(url).pathname).toMatch(/^\/traps\/blog\/[a-z-]*$/);
  });

  it('reads the pages a pattern found only where robots.txt allows, as a crawl does', async () => {
    const guarded = await startFixtureSite({ robotsTxt: 'User-agent: *\nDisallow: /blog/3\nSitemap: /sitemap_index.xml\n' });
    try {
      const result = await extract(
        { urls: [`${guarded.url}/blog/*`], prompt: 'List the blog posts', schema: POSTS_SCHEMA },
        { llm: llm() },
      );
      expect(result.urls).toContain(`${guarded.url}/blog/2`);
      expect(result.urls).not.toContain(`${guarded.url}/blog/3`);
      expect(guarded.hits('/blog/3')).toBe(0);
      expect(result.warning).toContain('disallowed by robots.txt');
    } finally {
      await guarded.close();
    }
  });

  it('leaves sources out unless asked, and reads named pages as they are', async () => {
    respond = readFromPrompt;
    const store = createMemoryStore();
    const started = await startExtractJob(store, {
      urls: [`${shop.url}/lantern`, `${shop.url}/anchor`],
      schema: { type: 'object', properties: { name: { type: 'string' }, price: { type: 'number' } } },
    });
    const status = toExtractStatus((await runExtractJob(store, started.id, { llm: llm() }))!);
    expect(status).toMatchObject({ success: true, status: 'completed', data: { name: 'Brass ship lantern', price: 19.99 } });
    expect(status.sources).toBeUndefined();
    expect(standIn.requests).toHaveLength(2);
  });

  it('ranks pattern matches by relevance to the prompt and reads the best ones within the limit', async () => {
    respond = readFromPrompt;
    const result = await extract(
      { urls: [`${site.url}/*`], prompt: 'What do the crawl pages link to?', limit: 3, ignoreSitemap: false },
      { llm: llm() },
    );
    expect(result.urls).toHaveLength(3);
    for (const url of result.urls) expect(url).toContain('/crawl');
  });

  it('adds web search hits when asked and a search provider is configured, and says so when none is', async () => {
    respond = readFromPrompt;
    const queries: string[] = [];
    const search: SearchProvider = {
      name: 'shop-index',
      search: async (query) => {
        queries.push(query);
        return [{ url: `${shop.url}/anchor`, title: 'Anchor', description: '' }];
      },
    };
    const schema = { type: 'object', properties: { name: { type: 'string' }, price: { type: 'number' } } };
    const found = await extract(
      { prompt: 'the price of a cast iron anchor', schema, enableWebSearch: true },
      { llm: llm(), searchProvider: search },
    );
    expect(queries).toEqual(['the price of a cast iron anchor']);
    expect(found.data).toEqual({ name: 'Cast iron anchor', price: 240 });

    const without = await extract({ urls: [`${shop.url}/lantern`], schema, enableWebSearch: true }, { llm: llm() });
    expect(without.warning).toContain('enableWebSearch was ignored: no search provider is configured');
  });

  it('fails the job with an error naming the settings when no LLM is configured', async () => {
    const store = createMemoryStore();
    const started = await startExtractJob(store, { urls: [`${shop.url}/lantern`], prompt: 'price' });
    const done = await runExtractJob(store, started.id, {});
    expect(done).toMatchObject({ status: 'failed', error: { code: 'SCRAPE_ADAPTER_MISSING' } });
    const status = toExtractStatus(done!);
    expect(status).toMatchObject({ success: false, status: 'failed' });
    expect(status.error).toMatch(/Extract needs an LLM provider.*OPENAI_BASE_URL/);
    expect(shop.hits('/nothing')).toBe(0);
  });

  it('ends cancelled when the job is cancelled through the store while it runs', async () => {
    respond = async (request) => {
      await sleep(1500);
      return readFromPrompt(request);
    };
    const store = createMemoryStore();
    const started = await startExtractJob(store, { urls: [`${shop.url}/lantern`], prompt: 'price' });
    const running = runExtractJob(store, started.id, { llm: llm() });
    await expect.poll(() => standIn.requests.length, { timeout: 10_000 }).toBe(1);
    await cancelJob(store, started.id);
    const done = await running;
    expect(done!.status).toBe('cancelled');
    expect(toExtractStatus(done!).status).toBe('cancelled');
  });

  it('refuses invalid requests before a job exists', async () => {
    const store = createMemoryStore();
    await expect(startExtractJob(store, { urls: [] })).rejects.toMatchObject({
      code: 'INVALID_OPTIONS',
      message: expect.stringContaining("Either 'urls' or 'prompt'"),
    });
    await expect(startExtractJob(store, { urls: ['not a url'], prompt: 'x' })).rejects.toMatchObject({ code: 'SCRAPE_INVALID_URL' });
    await expect(startExtractJob(store, { urls: ['https://*.ex*ample.com/*'], prompt: 'x' })).rejects.toMatchObject({
      code: 'INVALID_OPTIONS',
    });
  });
});

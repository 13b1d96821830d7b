import { closeDispatchers, isTrawlError, searchAndScrape } from '@trawl/core';
import type { SearchProvider } from '@trawl/core/ports';
import { phrases, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchFromEnv } from '../src/index.js';
import {
  fixtureHits,
  startBraveStandIn,
  startDuckDuckGoStandIn,
  startSearxngStandIn,
  startSerperStandIn,
  type StandIn,
  type StandInOptions,
} from '../src/testing/index.js';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(async () => {
  await site.close();
  await closeDispatchers();
});

type Start = (options: StandInOptions) => Promise<StandIn>;

const providers: Array<{ name: string; start: Start }> = [
  { name: 'searxng', start: startSearxngStandIn },
  { name: 'brave', start: startBraveStandIn },
  { name: 'serper', start: startSerperStandIn },
  { name: 'duckduckgo', start: startDuckDuckGoStandIn },
];

describe.each(providers)('$name through its real wire format', ({ name, start }) => {
  let standIn: StandIn;
  let provider: SearchProvider;
  beforeAll(async () => {
    standIn = await start({ hits: fixtureHits(site.url) });
    provider = searchFromEnv({ TRAWL_SEARCH_PROVIDER: name, ...standIn.env });
  });
  afterAll(() => standIn.close());

  it('is the provider the environment selects', () => {
    expect(provider.name).toBe(name);
    // Without TRAWL_SEARCH_PROVIDER the configured one is chosen; DuckDuckGo is the keyless fallback.
    expect(searchFromEnv(standIn.env).name).toBe(name);
  });

  it('returns the hits with their titles and snippets as plain text, at most `limit`', async () => {
    const hits = await provider.search('harbour pilots', { limit: 3, lang: 'en', country: 'us' });
    const expected = fixtureHits(site.url).slice(0, 3);
    expect(hits.map((h) => h.url)).toEqual(expected.map((h) => h.url));
    expect(hits.map((h) => h.title)).toEqual(expected.map((h) => h.title));
    expect(hits.map((h) => h.description)).toEqual(expected.map((h) => h.description));
    expect(standIn.requests.length).toBeGreaterThan(0);
  });

  it('scrapes each hit concurrently when markdown is asked for', async () => {
    site.resetRequests();
    const result = await searchAndScrape(provider, 'harbour pilots', { limit: 2, scrapeOptions: { formats: ['markdown'] } });
    expect(result.warning).toBeUndefined();
    expect(result.data).toHaveLength(2);
    const [article, minimal] = result.data;
    expect(article).toMatchObject({
      url: `${site.url}/articles/boilerplate`,
      title: 'Harbour pilots guide ships home',
      metadata: { statusCode: 200 },
    });
    expect(article?.markdown).toContain(phrases.articleLead);
    expect(minimal?.markdown).toContain(phrases.minimal);
    expect(site.hits('/articles/boilerplate')).toBe(1);
  });

  it('returns only the search fields without markdown in formats, and warns when fewer came back', async () => {
    site.resetRequests();
    const result = await searchAndScrape(provider, 'harbour', { limit: 10, scrapeOptions: { formats: ['html'] } });
    expect(result.data).toHaveLength(fixtureHits(site.url).length);
    expect(Object.keys(result.data[0] ?? {}).sort()).toEqual(['description', 'title', 'url']);
    expect(result.warning).toMatch(/Only 6 of the 10 results/);
    expect(site.requests).toHaveLength(0);
  });

  // The provider would answer after ten minutes, far past the test's timeout: only a search that
  // gives up at its own 300 ms ends the test, with the timeout error.
  it('gives up with "Request timed out" when the provider is too slow', async () => {
    const slow = await start({ hits: fixtureHits(site.url), delayMs: 600_000 });
    try {
      const slowProvider = searchFromEnv({ TRAWL_SEARCH_PROVIDER: name, ...slow.env });
      const error = await searchAndScrape(slowProvider, 'harbour', { timeout: 300 }).catch((e: unknown) => e);
      expect(isTrawlError(error) && error.code).toBe('SCRAPE_TIMEOUT');
      expect((error as Error).message).toBe('Request timed out');
    } finally {
      await slow.close();
    }
  });
});

describe('wire details', () => {
  it('SearXNG gets format=json, language and time_range, and is paged until the limit', async () => {
    const many = Array.from({ length: 25 }, (_, i) => ({
      url: `${site.url}/blog/${(i % 5) + 1}?n=${i}`,
      title: `Post ${i}`,
      description: `Result ${i}`,
    }));
    const standIn = await startSearxngStandIn({ hits: many });
    try {
      const hits = await searchFromEnv(standIn.env).search('posts', { limit: 15, lang: 'en', country: 'us', tbs: 'qdr:w' });
      expect(hits).toHaveLength(15);
      expect(standIn.requests.map((r) => r.url.searchParams.get('pageno'))).toEqual(['1', '2']);
      const params = standIn.requests[0]!.url.searchParams;
      expect(Object.fromEntries(params)).toMatchObject({ q: 'posts', format: 'json', language: 'en-US', time_range: 'week' });
    } finally {
      await standIn.close();
    }
  });

  it('Brave gets the key in X-Subscription-Token; a wrong key is an error naming BRAVE_API_KEY', async () => {
    const standIn = await startBraveStandIn({ hits: fixtureHits(site.url) });
    try {
      await searchFromEnv(standIn.env).search('harbour', { limit: 2, lang: 'en', country: 'gb', tbs: 'qdr:d' });
      const request = standIn.requests[0]!;
      expect(request.headers['x-subscription-token']).toBe(standIn.env.BRAVE_API_KEY);
      expect(Object.fromEntries(request.url.searchParams)).toEqual({
        q: 'harbour',
        count: '2',
        search_lang: 'en',
        country: 'GB',
        freshness: 'pd',
      });
      const wrong = searchFromEnv({ ...standIn.env, BRAVE_API_KEY: 'nope' });
      const error = await wrong.search('harbour', { limit: 2 }).catch((e: unknown) => e);
      expect((error as Error).message).toMatch(/brave answered HTTP 401 \(check BRAVE_API_KEY\).*SUBSCRIPTION_TOKEN_INVALID/);
    } finally {
      await standIn.close();
    }
  });

  it('Serper gets a JSON body with hl, gl, location and tbs, and the key in X-API-KEY', async () => {
    const standIn = await startSerperStandIn({ hits: fixtureHits(site.url) });
    try {
      await searchFromEnv(standIn.env).search('harbour', {
        limit: 4,
        lang: 'en',
        country: 'us',
        location: 'Boston, Massachusetts',
        tbs: 'qdr:m',
      });
      const request = standIn.requests[0]!;
      expect(request.method).toBe('POST');
      expect(request.headers['x-api-key']).toBe(standIn.env.SERPER_API_KEY);
      expect(JSON.parse(request.body)).toEqual({
        q: 'harbour',
        num: 4,
        hl: 'en',
        gl: 'us',
        location: 'Boston, Massachusetts',
        tbs: 'qdr:m',
      });
      const error = await searchFromEnv({ ...standIn.env, SERPER_API_KEY: 'nope' })
        .search('q', { limit: 1 })
        .catch((e: unknown) => e);
      expect((error as Error).message).toMatch(/serper answered HTTP 403 \(check SERPER_API_KEY\)/);
    } finally {
      await standIn.close();
    }
  });

  it('DuckDuckGo gets a form post, skips the ad, and follows the Next form with its vqd', async () => {
    const many = Array.from({ length: 14 }, (_, i) => ({
      url: `${site.url}/blog/${(i % 5) + 1}?n=${i}`,
      title: `Post ${i}`,
      description: `Result ${i}`,
    }));
    const standIn = await startDuckDuckGoStandIn({ hits: many });
    try {
      const hits = await searchFromEnv(standIn.env).search('posts', { limit: 12, lang: 'en', country: 'gb', tbs: 'qdr:d' });
      expect(hits.map((h) => h.title)).toEqual(many.slice(0, 12).map((h) => h.title));
      expect(hits.every((h) => !/Sponsored/.test(h.title))).toBe(true);
      const [first, second] = standIn.requests.map((r) => Object.fromEntries(new URLSearchParams(r.body)));
      expect(first).toEqual({ q: 'posts', b: '', kl: 'uk-en', df: 'd' });
      expect(second).toMatchObject({ q: 'posts', s: '10', dc: '11', kl: 'uk-en' });
      expect(second?.vqd).toBeTruthy();
    } finally {
      await standIn.close();
    }
  });

  it('DuckDuckGo says so when it answers with its bot check', async () => {
    const standIn = await startDuckDuckGoStandIn({ hits: fixtureHits(site.url), blocked: true });
    try {
      const error = await searchFromEnv(standIn.env)
        .search('q', { limit: 3 })
        .catch((e: unknown) => e);
      expect((error as Error).message).toMatch(/bot check/);
    } finally {
      await standIn.close();
    }
  });

  it('a provider called without a signal gives up after timeoutMs', async () => {
    const slow = await startSearxngStandIn({ hits: fixtureHits(site.url), delayMs: 3_000 });
    try {
      const error = await searchFromEnv(slow.env)
        .search('q', { limit: 3, timeoutMs: 200 })
        .catch((e: unknown) => e);
      expect(isTrawlError(error) && [error.code, error.message]).toEqual(['SCRAPE_TIMEOUT', 'searxng did not answer within 200 ms']);
    } finally {
      await slow.close();
    }
  });

  it('an unreachable provider is an error naming it', async () => {
    const error = await searchFromEnv({ SEARXNG_ENDPOINT: 'http://127.0.0.1:1' })
      .search('q', { limit: 3 })
      .catch((e: unknown) => e);
    expect(isTrawlError(error) && error.status).toBe(502);
    expect((error as Error).message).toMatch(/Could not reach searxng at http:\/\/127\.0\.0\.1:1/);
  });
});

import { closeDispatchers, isTrawlError, searchAndScrape, type Document } from '@trawl/core';
import type { SearchHit, SearchProvider } from '@trawl/core/ports';
import { phrases, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchFromEnv } from '../src/index.js';
import { startSerperStandIn, type StandIn } from '../src/testing/index.js';

let site: FixtureSite;
let standIn: StandIn;
let hits: SearchHit[];
let provider: SearchProvider;

beforeAll(async () => {
  site = await startFixtureSite();
  hits = [
    { url: `${site.url}/articles/boilerplate`, title: 'The article', description: '' },
    { url: `${site.url}/hang`, title: 'A page that never answers', description: 'It hangs.' },
    { url: 'http://127.0.0.1:1/closed', title: 'A closed port', description: 'Nothing listens.' },
    { url: `${site.url}/status/404`, title: 'Gone', description: 'A missing page.' },
  ];
  // Hits come through a real provider's wire format, then get scraped from the fixture site.
  standIn = await startSerperStandIn({ hits });
  provider = searchFromEnv(standIn.env);
});
afterAll(async () => {
  await Promise.all([site.close(), standIn.close()]);
  await closeDispatchers();
});

describe('searchAndScrape', () => {
  it('keeps the search fields of a hit that fails to scrape, with metadata.statusCode and error', async () => {
    const result = await searchAndScrape(provider, 'harbour', {
      limit: 4,
      scrapeOptions: { formats: ['markdown', 'links'], timeout: 2_500 },
    });
    const [article, hanging, closed, missing] = result.data;
    expect(article?.markdown).toContain(phrases.articleLead);
    expect(article?.links?.length).toBeGreaterThan(0);
    // The provider gave no snippet, so the page's own description stands in.
    expect(article?.description).toMatch(/Harbour pilots steer/);
    expect(hanging).toMatchObject({
      url: hits[1]!.url,
      title: hits[1]!.title,
      description: 'It hangs.',
      metadata: { statusCode: 408, sourceURL: hits[1]!.url },
    });
    expect(hanging?.metadata?.error).toMatch(/timed out|timeout/i);
    expect(hanging?.markdown).toBeUndefined();
    expect(closed).toMatchObject({ title: 'A closed port', metadata: { statusCode: 502 } });
    expect(closed?.metadata?.error).toMatch(/ECONNREFUSED|refused/i);
    // A page that answers 404 is still a document, as in scrape().
    expect(missing?.metadata).toMatchObject({ statusCode: 404, title: 'Page not found' });
    expect(result.warning).toBeUndefined();
  });

  // The page would answer after ten minutes, far past the test's timeout: only a search that gives
  // up at its own 600 ms ends the test, with the timeout error.
  it('fails the whole search with "Request timed out" when scraping outlasts the timeout', async () => {
    const slow = await startSerperStandIn({ hits: [{ url: `${site.url}/slow?ms=600000`, title: 'Slow', description: '' }] });
    try {
      const error = await searchAndScrape(searchFromEnv(slow.env), 'slow', {
        timeout: 600,
        scrapeOptions: { formats: ['markdown'] },
      }).catch((e: unknown) => e);
      expect(isTrawlError(error) && [error.code, error.status, error.message]).toEqual(['SCRAPE_TIMEOUT', 408, 'Request timed out']);
    } finally {
      await slow.close();
    }
  });

  it('does not let a provider that ignores its signal hold the search past the timeout', async () => {
    const deaf: SearchProvider = { name: 'deaf', search: () => new Promise((resolve) => setTimeout(() => resolve([]), 2_000)) };
    const error = await searchAndScrape(deaf, 'q', { timeout: 200 }).catch((e: unknown) => e);
    expect((error as Error).message).toBe('Request timed out');
  });

  it('reports a cancel by the caller as such, not as a timeout', async () => {
    const controller = new AbortController();
    const pending = searchAndScrape({ search: () => new Promise<SearchHit[]>(() => undefined) }, 'q', { signal: controller.signal });
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(isTrawlError(error) && error.code).toBe('SCRAPE_ABORTED');
  });

  it('wraps a provider failure that is not a TrawlError, naming the provider', async () => {
    const broken: SearchProvider = { name: 'broken', search: async () => Promise.reject(new Error('kaput')) };
    const error = await searchAndScrape(broken, 'q').catch((e: unknown) => e);
    expect(isTrawlError(error) && [error.code, error.status, error.message]).toEqual([
      'SEARCH_PROVIDER_ERROR',
      502,
      'The broken failed: kaput',
    ]);
  });

  it('drops duplicate and non-http hits, says when nothing was found, and validates its options', async () => {
    const messy: SearchProvider = {
      search: async () => [
        { url: `${site.url}/blog/1`, title: 'One', description: '' },
        { url: `${site.url}/blog/1#top`, title: 'One again', description: '' },
        { url: 'mailto:someone@example.com', title: 'Mail', description: '' },
        { url: `${site.url}/blog/2`, title: 'Two', description: '' },
      ],
    };
    const result = await searchAndScrape(messy, 'blog', { limit: 3 });
    expect(result.data.map((d) => d.title)).toEqual(['One', 'Two']);
    expect(result.warning).toMatch(/Only 2 of the 3/);
    expect(await searchAndScrape({ search: async () => [] }, 'nothing')).toEqual({ data: [], warning: 'No search results found' });
    await expect(searchAndScrape(messy, '   ')).rejects.toMatchObject({ code: 'INVALID_OPTIONS' });
    await expect(searchAndScrape(messy, 'q', { limit: 0 })).rejects.toMatchObject({ code: 'INVALID_OPTIONS' });
    await expect(searchAndScrape(messy, 'q', { scrapeOptions: { formats: ['markdown'], timeout: -1 } })).rejects.toMatchObject({
      code: 'INVALID_OPTIONS',
    });
  });

  it('hands each freshly scraped page to onDocument, and uses a document the provider already holds', async () => {
    const held: Document = {
      markdown: '# Held copy',
      metadata: { sourceURL: `${site.url}/blog/3`, url: `${site.url}/blog/3`, statusCode: 200, title: 'Held' },
    };
    const mixed: SearchProvider = {
      search: async () => [
        { url: `${site.url}/blog/3`, title: 'Three', description: '', document: held },
        { url: `${site.url}/blog/4`, title: 'Four', description: '' },
      ],
    };
    site.resetRequests();
    const seen: string[] = [];
    const result = await searchAndScrape(mixed, 'blog', {
      limit: 2,
      scrapeOptions: { formats: ['markdown'] },
      onDocument: (doc) => seen.push(doc.metadata.sourceURL),
    });
    expect(result.data[0]?.markdown).toBe('# Held copy');
    expect(result.data[1]?.markdown).toContain('Notes from the harbour, part 4');
    expect(site.hits('/blog/3')).toBe(0);
    expect(seen).toEqual([`${site.url}/blog/4`]);
    // A held document without a requested format is not enough: the page is fetched.
    const withHtml = await searchAndScrape(mixed, 'blog', { limit: 1, scrapeOptions: { formats: ['markdown', 'html'] } });
    expect(withHtml.data[0]?.html).toContain('Notes from the harbour, part 3');
    expect(site.hits('/blog/3')).toBe(1);
  });
});

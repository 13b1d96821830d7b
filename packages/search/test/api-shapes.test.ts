import { closeDispatchers, searchAndScrape } from '@trawl/core';
import { v0SearchCall, v0SearchResponse, v1SearchCall, v1SearchResponse } from '@trawl/core/server';
import { phrases, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchFromEnv } from '../src/index.js';
import { startSearxngStandIn, type StandIn } from '../src/testing/index.js';

let site: FixtureSite;
let standIn: StandIn;

beforeAll(async () => {
  site = await startFixtureSite();
  standIn = await startSearxngStandIn({
    hits: () => [
      { url: `${site.url}/articles/boilerplate`, title: 'Harbour pilots', description: 'Pilots at work.' },
      { url: 'http://127.0.0.1:1/gone', title: 'Gone', description: 'Nothing listens here.' },
    ],
  });
});
afterAll(async () => {
  await Promise.all([site.close(), standIn.close()]);
  await closeDispatchers();
});

/** Body in, reply out, the way an endpoint runs it. */
async function v1(body: Parameters<typeof v1SearchCall>[0]) {
  const call = v1SearchCall(body);
  return v1SearchResponse(await searchAndScrape(searchFromEnv(standIn.env), call.query, call.options));
}

async function v0(body: Parameters<typeof v0SearchCall>[0]) {
  const call = v0SearchCall(body);
  return v0SearchResponse(await searchAndScrape(searchFromEnv(standIn.env), call.query, call.options));
}

describe('v1 search (E6)', () => {
  it('applies the contract defaults', () => {
    expect(v1SearchCall({ query: 'q' })).toEqual({ query: 'q', options: { limit: 5, lang: 'en', country: 'us', timeout: 60_000 } });
    expect(
      v1SearchCall({ query: 'q', limit: 10, tbs: 'qdr:d', location: 'Oslo', timeout: 5_000, lang: 'nb', country: 'no' }).options,
    ).toEqual({
      limit: 10,
      lang: 'nb',
      country: 'no',
      timeout: 5_000,
      tbs: 'qdr:d',
      location: 'Oslo',
    });
    expect(() => v1SearchCall({ query: 'q', limit: 11 })).toThrow(/limit must be an integer from 1 to 10/);
    expect(() => v1SearchCall({ query: 'q', limit: 0 })).toThrow(/limit/);
  });

  it('scrapes only when formats includes markdown', () => {
    expect(v1SearchCall({ query: 'q', scrapeOptions: { formats: ['html', 'links'] } }).options.scrapeOptions).toBeUndefined();
    expect(
      v1SearchCall({ query: 'q', scrapeOptions: { formats: ['markdown', 'html'], onlyMainContent: false } }).options.scrapeOptions,
    ).toEqual({
      formats: ['markdown', 'html'],
      onlyMainContent: false,
    });
  });

  it('returns the search fields only, and warns when fewer hits came back than asked', async () => {
    const reply = await v1({ query: 'harbour', limit: 3 });
    expect(reply).toEqual({
      success: true,
      data: [
        { url: `${site.url}/articles/boilerplate`, title: 'Harbour pilots', description: 'Pilots at work.' },
        { url: 'http://127.0.0.1:1/gone', title: 'Gone', description: 'Nothing listens here.' },
      ],
      warning: 'Only 2 of the 3 results asked for were found',
    });
  });

  it('returns content and metadata per hit, and the failure of a hit that could not be scraped', async () => {
    const reply = await v1({ query: 'harbour', limit: 2, scrapeOptions: { formats: ['markdown', 'links'] } });
    const [article, gone] = reply.data;
    expect(article).toMatchObject({
      url: `${site.url}/articles/boilerplate`,
      title: 'Harbour pilots',
      description: 'Pilots at work.',
      metadata: { sourceURL: `${site.url}/articles/boilerplate`, statusCode: 200, title: expect.stringContaining(phrases.articleTitle) },
    });
    expect(article?.markdown).toContain(phrases.articleLead);
    expect(Array.isArray(article?.links)).toBe(true);
    expect(gone).toMatchObject({
      url: 'http://127.0.0.1:1/gone',
      title: 'Gone',
      description: 'Nothing listens here.',
      metadata: { sourceURL: 'http://127.0.0.1:1/gone', statusCode: 502 },
    });
    expect(gone?.metadata?.error).toBeTruthy();
    expect(gone?.markdown).toBeUndefined();
    expect(reply.warning).toBeUndefined();
  });
});

describe('v0 search (E17)', () => {
  it('fetches page content by default, without the main-content filter', () => {
    expect(v0SearchCall({ query: 'q' }).options).toEqual({
      limit: 5,
      timeout: 60_000,
      scrapeOptions: { formats: ['markdown'], onlyMainContent: false },
    });
    expect(
      v0SearchCall({
        query: 'q',
        pageOptions: { includeHtml: true, includeRawHtml: true, onlyMainContent: true },
        searchOptions: { limit: 50, lang: 'fr' },
      }).options,
    ).toEqual({
      limit: 10,
      timeout: 60_000,
      lang: 'fr',
      scrapeOptions: { formats: ['markdown', 'html', 'rawHtml'], onlyMainContent: true },
    });
    expect(v0SearchCall({ query: 'q', pageOptions: { fetchPageContent: false } }).options.scrapeOptions).toBeUndefined();
  });

  it('returns {url, markdown, content, metadata} per page', async () => {
    const reply = await v0({ query: 'harbour', pageOptions: { includeHtml: true }, searchOptions: { limit: 2 } });
    const [article, gone] = reply.data as Array<Record<string, any>>;
    expect(article?.url).toBe(`${site.url}/articles/boilerplate`);
    expect(article?.markdown).toContain(phrases.footer); // onlyMainContent is off in v0
    expect(article?.content).toBe(article?.markdown);
    expect(article?.html).toContain(phrases.articleLead);
    expect(article?.metadata).toMatchObject({
      title: expect.stringContaining(phrases.articleTitle),
      language: 'en',
      sourceURL: `${site.url}/articles/boilerplate`,
      pageStatusCode: 200,
    });
    expect(article?.metadata).not.toHaveProperty('statusCode');
    expect(gone).toMatchObject({
      url: 'http://127.0.0.1:1/gone',
      markdown: '',
      content: '',
      metadata: { title: 'Gone', pageStatusCode: 502 },
    });
    expect(gone?.metadata.pageError).toBeTruthy();
  });

  it('returns {url, title, description} without page content, and says when nothing was found', async () => {
    const reply = await v0({ query: 'harbour', pageOptions: { fetchPageContent: false } });
    expect(reply.data[0]).toEqual({ url: `${site.url}/articles/boilerplate`, title: 'Harbour pilots', description: 'Pilots at work.' });
    const empty = await startSearxngStandIn({ hits: [] });
    try {
      const call = v0SearchCall({ query: 'nothing' });
      expect(v0SearchResponse(await searchAndScrape(searchFromEnv(empty.env), call.query, call.options))).toEqual({
        success: true,
        data: [],
        error: 'No search results found',
      });
    } finally {
      await empty.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { batchScrape, crawl } from '../src/crawl/crawl.js';
import { map } from '../src/crawl/map.js';
import { extract } from '../src/llm/extract/extract-job.js';
import { TrawlError } from '../src/errors.js';
import { httpFetch } from '../src/fetch/http-engine.js';
import { MAX_URL_LENGTH } from '../src/limits.js';
import { scrape } from '../src/scrape.js';
import { parseTargetUrl } from '../src/url/guard.js';

let site: FixtureSite;

beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(async () => {
  await site?.close();
});

async function rejection(attempt: () => unknown): Promise<TrawlError> {
  try {
    await attempt();
  } catch (error) {
    expect(error).toBeInstanceOf(TrawlError);
    return error as TrawlError;
  }
  throw new Error('expected a TrawlError');
}

describe('the library refuses out-of-bounds options with TrawlError', () => {
  it.each([
    ['scrape timeout', () => scrape(`${site.url}/`, { timeout: 99_999_999_999 }), /timeout/],
    ['scrape waitFor', () => scrape(`${site.url}/`, { waitFor: 99_999_999_999 }), /waitFor/],
    ['scrape header with a line break', () => scrape(`${site.url}/`, { headers: { 'X-A': 'a\r\nX-B: b' } }), /line break/],
    ['scrape header with a bad name', () => scrape(`${site.url}/`, { headers: { 'Bad Name': 'v' } }), /not a valid header name/],
    ['crawl delay', () => crawl(`${site.url}/`, { delay: 1e12 }), /delay/],
    ['crawl limit', () => crawl(`${site.url}/`, { limit: 1e9 }), /limit/],
    ['crawl maxDepth', () => crawl(`${site.url}/`, { maxDepth: 1e6 }), /maxDepth/],
    ['crawl page timeout', () => crawl(`${site.url}/`, { scrapeOptions: { timeout: 1e12 } }), /timeout/],
    ['batch page headers', () => batchScrape([`${site.url}/`], { scrapeOptions: { headers: { 'X-A': 'a\nb' } } }), /line break/],
    ['map timeout', () => map(`${site.url}/`, { timeout: 99_999_999_999 }), /timeout/],
    ['map headers', () => map(`${site.url}/`, { headers: { 'X-A': 'a\nb' } }), /line break/],
    ['httpFetch timeout', () => httpFetch(`${site.url}/`, { timeout: 99_999_999_999 }), /timeout/],
    [
      'waitFor and wait actions over 60 s in all',
      () => scrape(`${site.url}/`, { waitFor: 30_000, actions: [{ type: 'wait', milliseconds: 30_001 }] }),
      /add up to 60001 ms; at most 60000/,
    ],
    [
      'crawl pages waiting over 60 s in all',
      () => crawl(`${site.url}/`, { scrapeOptions: { waitFor: 60_000, actions: [{ type: 'wait', milliseconds: 1 }] } }),
      /add up to 60001 ms/,
    ],
    ['extract timeout', () => extract({ urls: [`${site.url}/`], prompt: 'x', timeout: 99_999_999_999 }), /timeout/],
    [
      'a batch over the crawl limit',
      () => batchScrape(Array.from({ length: 100_001 }, (_, i) => `${site.url}/p/${i}`)),
      /at most 100000 URLs/,
    ],
  ])('%s', async (_name, attempt, why) => {
    const error = await rejection(attempt);
    expect(error.code).toBe('INVALID_OPTIONS');
    expect(error.status).toBe(400);
    expect(error.message).toMatch(why);
  });

  it('leaves Firecrawl\'s "waitFor at most half of timeout" to the API: the library adds waitFor to timeout', async () => {
    const doc = await scrape(`${site.url}/`, { waitFor: 20_000, timeout: 30_000, engine: 'http', convertPool: false });
    expect(doc.metadata.statusCode).toBe(200);
  });

  it('refuses a URL over the length cap, quoting only its start', async () => {
    const huge = `${site.url}/${'a'.repeat(9 * 1024 * 1024)}`;
    for (const attempt of [() => parseTargetUrl(huge), () => scrape(huge), () => crawl(huge), () => map(huge)]) {
      const error = await rejection(attempt);
      expect(error.code).toBe('SCRAPE_INVALID_URL');
      expect(error.message).toContain(`at most ${MAX_URL_LENGTH}`);
      expect(error.message.length).toBeLessThan(300);
    }
    // Percent-encoding counts: 3,000 spaces become 9,000 characters.
    expect(() => parseTargetUrl(`${site.url}/${' '.repeat(3000)}x`)).toThrow(/at most 8192/);
    expect(parseTargetUrl(`${site.url}/${'a'.repeat(8000)}`).pathname).toHaveLength(8001);
  });

  it('quotes a short prefix of an invalid URL', async () => {
    const error = await rejection(() => parseTargetUrl(`not a url ${'x'.repeat(5000)}`));
    expect(error.message.length).toBeLessThan(300);
  });
});

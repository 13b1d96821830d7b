import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phrases, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { batchScrape, crawl, map, scrape } from '../../src/index.js';
import { parseTypedUrl } from '../../src/url/typed-url.js';
import { resolveExtractRequest } from '../../src/llm/extract/extract-request.js';
import { resolveLlmsTxtRequest } from '../../src/llm/llmstxt/llmstxt-request.js';

let site: FixtureSite;
/** The fixture site as a person types it: `127.0.0.1:PORT`, no scheme. */
let typed: string;

beforeAll(async () => {
  site = await startFixtureSite();
  typed = site.url.replace('http://', '');
});
afterAll(async () => {
  await site?.close();
});

describe('the library reads a URL typed without a scheme as the CLI and the API do', () => {
  it('scrape() fetches 127.0.0.1:PORT/path as http://', async () => {
    const doc = await scrape(`${typed}/articles/boilerplate`, { convertPool: false });
    expect(doc.markdown).toContain(phrases.articleLead);
    expect(doc.metadata.sourceURL).toBe(`${site.url}/articles/boilerplate`);
  });

  it('crawl(), batchScrape() and map() start from it too', async () => {
    const crawled = await crawl(`${typed}/articles/boilerplate`, { limit: 1, convertPool: false }).done;
    expect(crawled).toMatchObject({ status: 'completed', completed: 1, failed: 0 });
    const batch = await batchScrape([`${typed}/blog/1`], { convertPool: false }).done;
    expect(batch).toMatchObject({ status: 'completed', completed: 1, failed: 0 });
    const links = await map(`${typed}/crawl/`, { limit: 5 });
    expect(links[0]).toBe(`${site.url}/crawl/`);
  });

  it('extract() and llms.txt requests read their page URLs the same way (globs stay as written)', () => {
    const extract = resolveExtractRequest({ urls: ['127.0.0.1:3000/about', 'https://example.com/docs/*'], prompt: 'x' });
    expect(extract.urls).toEqual(['http://127.0.0.1:3000/about', 'https://example.com/docs/*']);
    expect(resolveLlmsTxtRequest({ url: 'example.com' }).url).toBe('http://example.com/');
  });

  it('a URL given with its scheme is fetched as given', async () => {
    const doc = await scrape(`${site.url}/articles/boilerplate`, { convertPool: false });
    expect(doc.metadata.sourceURL).toBe(`${site.url}/articles/boilerplate`);
  });

  it('refuses what is no URL with the message the CLI and the API give, quoting it as typed', async () => {
    const message = 'Invalid URL "not a url": give an absolute http:// or https:// URL';
    const attempts = [
      () => scrape('not a url'),
      () => crawl('not a url'),
      () => batchScrape(['not a url']),
      () => map('not a url'),
      () => resolveExtractRequest({ urls: ['not a url'], prompt: 'x' }),
      () => resolveLlmsTxtRequest({ url: 'not a url' }),
    ];
    // crawl() and batchScrape() throw at once, the others reject: both count.
    for (const attempt of attempts)
      await expect((async () => attempt())()).rejects.toMatchObject({ name: 'TrawlError', code: 'SCRAPE_INVALID_URL', message });
    // A scheme without `//` is still a scheme, not a user name before a host: never http://mailto:…
    for (const other of ['mailto:someone@example.com', 'javascript:alert(1)', 'file:/etc/passwd']) {
      await expect(scrape(other)).rejects.toThrow(/^Unsupported URL scheme/);
    }
    expect(parseTypedUrl('localhost:3000/a').href).toBe('http://localhost:3000/a');
    await expect(scrape('ftp://example.com/x')).rejects.toThrow(
      'Unsupported URL scheme "ftp:" in "ftp://example.com/x": only http and https can be scraped',
    );
  });
});

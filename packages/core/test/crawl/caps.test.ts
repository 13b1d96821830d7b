import { gzipSync } from 'node:zlib';
import { limitPages, oversizeRobotsTxt, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpResourceFetcher } from '../../src/crawl/http-resource-fetcher.js';
import type { ResourceFetcher } from '../../src/crawl/fetcher.js';
import { createRobotsPolicy } from '../../src/crawl/robots.js';
import { completeEntries, sitemapUrls } from '../../src/crawl/sitemaps.js';
import { decompressPrefix } from '../../src/fetch/decompress.js';
import { httpFetch } from '../../src/fetch/http-engine.js';
import { MAX_LINKS_PER_PAGE, ROBOTS_MAX_BYTES } from '../../src/limits.js';
import { convertPage } from '../../src/pipeline/to-document.js';
import { resolveScrapeOptions } from '../../src/options.js';
import { OPEN_POLICY } from '../../src/url/ssrf.js';

/** robots.txt past the 20 MiB page cap: before the cap it failed the fetch and disallowed the whole site. */
const HUGE_ROBOTS = 25 * 1024 * 1024;

let site: FixtureSite;
let hugeRobotsSite: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
  hugeRobotsSite = await startFixtureSite({ robotsTxt: oversizeRobotsTxt(HUGE_ROBOTS) });
});
afterAll(async () => {
  await site?.close();
  await hugeRobotsSite?.close();
});

describe('robots.txt is read to its first 500 KiB', () => {
  it('a 25 MiB file is read through the HTTP engine, its early rules kept and its tail ignored', async () => {
    const robots = createRobotsPolicy({ fetcher: httpResourceFetcher({ timeout: 10_000 }, OPEN_POLICY) });
    expect(await robots.status(hugeRobotsSite.url)).toBe('fetched');
    expect(await robots.isAllowed(`${hugeRobotsSite.url}/private/x`)).toBe(false);
    // The file ends in `Disallow: /`, which a reader of the whole file would obey.
    expect(await robots.isAllowed(`${hugeRobotsSite.url}/crawl/`)).toBe(true);
  });

  it('reads only the prefix of a gzip bomb served as robots.txt', async () => {
    const engine = httpResourceFetcher({ timeout: 10_000 }, OPEN_POLICY);
    const fromBomb: ResourceFetcher = (url, init) => engine(url.replace(/\/robots\.txt$/, limitPages.gzipRobotsBomb), init);
    const robots = createRobotsPolicy({ fetcher: fromBomb });
    expect(await robots.status(site.url)).toBe('fetched');
    expect(await robots.isAllowed(`${site.url}/private/x`)).toBe(false);
    expect(await robots.isAllowed(`${site.url}/crawl/`)).toBe(true);
  });

  it('drops the partial line a cut leaves, so `Disallow: /private` cannot become `Disallow: /`', async () => {
    const head = 'User-agent: *\n';
    const filler = `${'#'.repeat(ROBOTS_MAX_BYTES - head.length - 'Disallow: /'.length - 1)}\n`;
    const cutSite = await startFixtureSite({ robotsTxt: `${head}${filler}Disallow: /private-area\n` });
    try {
      const robots = createRobotsPolicy({ fetcher: httpResourceFetcher({}, OPEN_POLICY) });
      expect(await robots.isAllowed(`${cutSite.url}/crawl/`)).toBe(true);
    } finally {
      await cutSite.close();
    }
  });
});

describe('truncated reads', () => {
  it('httpFetch with truncateAt returns the prefix of a large page and says so', async () => {
    const page = await httpFetch(`${site.url}/large?kb=30000`, { truncateAt: 1000 });
    expect(page.body.byteLength).toBe(1000);
    expect(page.truncated).toBe(true);
    const small = await httpFetch(`${site.url}/robots.txt`, { truncateAt: 1000 });
    expect(small.truncated).toBeUndefined();
  });

  it('decompressPrefix stops a bomb at the limit and reads a cut stream', async () => {
    const bomb = gzipSync(Buffer.alloc(200 * 1024 * 1024, 0x61));
    expect((await decompressPrefix(bomb, 'gzip', 4096)).byteLength).toBe(4096);
    const text = Buffer.from('hello '.repeat(10_000));
    const cut = gzipSync(text).subarray(0, 200);
    const prefix = Buffer.from(await decompressPrefix(cut, 'gzip', 1_000_000)).toString();
    expect(text.toString().startsWith(prefix)).toBe(true);
    expect(prefix.length).toBeGreaterThan(0);
  });
});

describe('sitemaps are read to the byte cap', () => {
  it('keeps the complete entries before the cap', async () => {
    const fetcher = httpResourceFetcher({}, OPEN_POLICY);
    const skipped: string[] = [];
    const urls: string[] = [];
    for await (const url of sitemapUrls([`${site.url}/sitemaps/pages.xml`], {
      fetcher,
      maxBytes: 700,
      onSkip: (u, why) => skipped.push(`${u}: ${why}`),
    }))
      urls.push(url);
    expect(skipped).toEqual([]);
    expect(urls.length).toBeGreaterThan(0);
    const all: string[] = [];
    for await (const url of sitemapUrls([`${site.url}/sitemaps/pages.xml`], { fetcher })) all.push(url);
    expect(urls.length).toBeLessThan(all.length);
    expect(all.slice(0, urls.length)).toEqual(urls);
  });

  it('closes a cut urlset, sitemap index or text list', () => {
    expect(completeEntries('<urlset><url><loc>a</loc></url><url><loc>b')).toBe('<urlset><url><loc>a</loc></url>\n</urlset>\n');
    expect(completeEntries('<sitemapindex><sitemap><loc>a</loc></sitemap><sitemap><lo')).toBe(
      '<sitemapindex><sitemap><loc>a</loc></sitemap>\n</sitemapindex>\n',
    );
    expect(completeEntries('https://a.test/1\nhttps://a.test/2\nhttps://a.te')).toBe('https://a.test/1\nhttps://a.test/2\n');
  });
});

describe('links per page', () => {
  it(`keeps the first ${MAX_LINKS_PER_PAGE} links of a page, for the document and the crawler, with a warning`, async () => {
    const n = MAX_LINKS_PER_PAGE + 50;
    const page = await httpFetch(`${site.url}${limitPages.manyLinks}?n=${n}`);
    const { document, pageLinks } = convertPage(page, page.url, resolveScrapeOptions({ formats: ['links'] }), true);
    expect(document.links).toHaveLength(MAX_LINKS_PER_PAGE);
    expect(pageLinks).toHaveLength(MAX_LINKS_PER_PAGE);
    expect(pageLinks[0]).toBe(`${site.url}/limits/link/0`);
    expect(document.warning).toBe(`The page has more than ${MAX_LINKS_PER_PAGE} links; only the first ${MAX_LINKS_PER_PAGE} were kept.`);
    const few = await httpFetch(`${site.url}${limitPages.manyLinks}?n=10`);
    expect(convertPage(few, few.url, resolveScrapeOptions({ formats: ['links'] }), true).document.warning).toBeUndefined();
  });
});

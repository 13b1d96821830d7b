import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { sitemapPaths, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpResourceFetcher } from '../../src/crawl/http-resource-fetcher.js';
import { createRobotsPolicy } from '../../src/crawl/robots.js';
import { discoverSitemapUrls, parseSitemap, sitemapSeeds, sitemapUrls } from '../../src/crawl/sitemaps.js';
import { OPEN_POLICY } from '../../src/url/ssrf.js';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(() => site.close());

// The fetcher a crawl reads sitemaps with (crawl/job-context.ts), with no SSRF guard for the loopback site.
const fetcher = httpResourceFetcher({ timeout: 2000 }, OPEN_POLICY);

async function collect(generator: AsyncGenerator<string>): Promise<string[]> {
  const urls: string[] = [];
  for await (const url of generator) urls.push(url);
  return urls;
}

describe('discoverSitemapUrls', () => {
  it('finds every sitemap page through robots.txt and /sitemap.xml, gzip and orphan included, without duplicates', async () => {
    site.resetRequests();
    const robots = createRobotsPolicy({ fetcher });
    const urls = await collect(discoverSitemapUrls(`${site.url}/`, { fetcher, robots }));

    const expected = new Set([...sitemapPaths.pages, ...sitemapPaths.blog, ...sitemapPaths.default].map((path) => `${site.url}${path}`));
    expect(new Set(urls)).toEqual(expected);
    expect(urls).toHaveLength(expected.size);
    expect(urls).toContain(`${site.url}/orphan`);
    expect(urls).toContain(`${site.url}${sitemapPaths.blog[0]}`); // only listed in the gzip sitemap
    for (const path of ['/robots.txt', '/sitemap_index.xml', '/sitemaps/pages.xml', '/sitemaps/blog.xml.gz', '/sitemap.xml']) {
      expect(site.hits(path), path).toBe(1);
    }
  });

  it('still reads /sitemap.xml when robots.txt is ignored', async () => {
    const robots = createRobotsPolicy({ fetcher, ignoreRobots: true });
    const urls = await collect(discoverSitemapUrls(`${site.url}/`, { fetcher, robots }));
    expect(urls).toEqual(sitemapPaths.default.map((path) => `${site.url}${path}`));
  });

  it('stops fetching when the consumer stops reading', async () => {
    site.resetRequests();
    const robots = createRobotsPolicy({ fetcher });
    const first: string[] = [];
    for await (const url of discoverSitemapUrls(`${site.url}/`, { fetcher, robots })) {
      first.push(url);
      if (first.length === 3) break;
    }
    expect(first).toHaveLength(3);
    expect(site.hits('/sitemaps/pages.xml') + site.hits('/sitemaps/blog.xml.gz')).toBe(0);
  });
});

describe('sitemapUrls', () => {
  it('fetches at most maxSitemaps documents', async () => {
    site.resetRequests();
    const urls = await collect(sitemapUrls([`${site.url}/sitemap_index.xml`], { fetcher, maxSitemaps: 2 }));
    expect(site.hits('/sitemap_index.xml') + site.hits('/sitemaps/pages.xml') + site.hits('/sitemaps/blog.xml.gz')).toBe(2);
    expect(urls).toEqual(sitemapPaths.pages.map((path) => `${site.url}${path}`));
  });

  it('yields at most maxUrls', async () => {
    const urls = await collect(sitemapUrls([`${site.url}/sitemap_index.xml`], { fetcher, maxUrls: 4 }));
    expect(urls).toHaveLength(4);
  });

  it('skips error pages, HTML, JSON, RSS and unreachable hosts without throwing, and reports why', async () => {
    const closed = await startFixtureSite();
    await closed.close();
    const skipped: string[] = [];
    const seeds = ['/status/500', '/status/404', '/articles/minimal', '/data.json', '/feed.xml', '/image.png'].map(
      (p) => `${site.url}${p}`,
    );
    const urls = await collect(
      sitemapUrls([...seeds, `${closed.url}/sitemap.xml`, `${site.url}/sitemaps/pages.xml`], {
        fetcher,
        onSkip: (url, reason) => skipped.push(`${new URL(url).pathname} ${reason}`),
      }),
    );
    expect(urls).toHaveLength(sitemapPaths.pages.length);
    expect(skipped).toHaveLength(7);
    expect(skipped[0]).toBe('/status/500 HTTP 500');
  });

  it('honours Content-Encoding gzip, gzip files served with it too, and survives index loops', async () => {
    const local = await startSitemapServer();
    try {
      const urls = await collect(sitemapUrls([`${local.url}/index.xml`], { fetcher }));
      expect(urls.sort()).toEqual([`${local.url}/double`, `${local.url}/encoded`]);
      expect(local.hits.get('/index.xml')).toBe(1); // listed by itself, fetched once
    } finally {
      await local.close();
    }
  });

  it('stops descending past maxNesting', async () => {
    const local = await startSitemapServer();
    try {
      const urls = await collect(sitemapUrls([`${local.url}/index.xml`], { fetcher, maxNesting: 0 }));
      expect(urls).toEqual([]);
      expect(local.hits.get('/encoded.xml')).toBeUndefined();
    } finally {
      await local.close();
    }
  });
});

describe('sitemapSeeds', () => {
  it('puts robots.txt sitemaps first, then /sitemap.xml at the origin and under the start path', () => {
    expect(sitemapSeeds('https://example.com/docs/', ['https://example.com/s.xml'])).toEqual([
      'https://example.com/s.xml',
      'https://example.com/sitemap.xml',
      'https://example.com/docs/sitemap.xml',
    ]);
    expect(sitemapSeeds('https://example.com', ['https://example.com/sitemap.xml'])).toEqual(['https://example.com/sitemap.xml']);
  });
});

describe('parseSitemap', () => {
  const base = 'https://example.com/sitemap.xml';

  it.each<[string, string, ReturnType<typeof parseSitemap>]>([
    [
      'urlset with entities, CDATA and whitespace',
      '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/a?x=1&amp;y=2</loc></url><url><loc><![CDATA[https://example.com/b]]></loc></url><url><loc>\n  https://example.com/c#frag  \n</loc></url></urlset>',
      { kind: 'urlset', pages: ['https://example.com/a?x=1&y=2', 'https://example.com/b', 'https://example.com/c'], sitemaps: [] },
    ],
    [
      'numeric and named entities; unknown ones left alone',
      '<urlset><url><loc>https://example.com/caf&#233;?q=&quot;x&quot;&amp;r=&#x41;&amp;s=&nbsp;</loc></url></urlset>',
      { kind: 'urlset', pages: ['https://example.com/caf%C3%A9?q=%22x%22&r=A&s=&nbsp;'], sitemaps: [] },
    ],
    [
      'a DOCTYPE entity is never expanded',
      '<!DOCTYPE urlset [<!ENTITY big "https://evil.example/">]><urlset><url><loc>&big;</loc></url><url><loc>https://example.com/fine</loc></url></urlset>',
      { kind: 'urlset', pages: ['https://example.com/fine'], sitemaps: [] },
    ],
    [
      'sitemap index with namespace prefixes',
      '<sm:sitemapindex xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9"><sm:sitemap><sm:loc>https://example.com/s1.xml</sm:loc></sm:sitemap><sm:sitemap><sm:loc>/s2.xml.gz</sm:loc></sm:sitemap></sm:sitemapindex>',
      { kind: 'index', sitemaps: ['https://example.com/s1.xml', 'https://example.com/s2.xml.gz'] },
    ],
    [
      '.xml locs inside a urlset are nested sitemaps',
      '<urlset><url><loc>https://example.com/page</loc></url><url><loc>https://example.com/more.xml</loc></url><url><loc>https://example.com/x.XML.gz</loc></url></urlset>',
      { kind: 'urlset', pages: ['https://example.com/page'], sitemaps: ['https://example.com/more.xml', 'https://example.com/x.XML.gz'] },
    ],
    [
      'single url entry',
      '<urlset><url><loc>https://example.com/only</loc><lastmod>2024-01-01</lastmod></url></urlset>',
      { kind: 'urlset', pages: ['https://example.com/only'], sitemaps: [] },
    ],
    ['empty urlset', '<urlset></urlset>', { kind: 'urlset', pages: [], sitemaps: [] }],
    [
      'truncated XML keeps what it could read',
      '<urlset><url><loc>https://example.com/a</loc></url><url><loc>https://exam',
      { kind: 'urlset', pages: ['https://example.com/a'], sitemaps: [] },
    ],
    [
      'bad locs are dropped',
      '<urlset><url><loc>javascript:alert(1)</loc></url><url><loc>http://[bad</loc></url><url></url><url><loc>https://example.com/ok</loc></url></urlset>',
      { kind: 'urlset', pages: ['https://example.com/ok'], sitemaps: [] },
    ],
    [
      'plain-text sitemap',
      'https://example.com/one\r\nnot a url\nhttps://example.com/two\n',
      { kind: 'urlset', pages: ['https://example.com/one', 'https://example.com/two'], sitemaps: [] },
    ],
    [
      'HTML page',
      '<!doctype html><html><body>Not found</body></html>',
      { kind: 'invalid', reason: 'neither a <urlset> nor a <sitemapindex>' },
    ],
    ['garbage', '<<<>>>', { kind: 'invalid', reason: 'neither a <urlset> nor a <sitemapindex>' }],
    ['prose', 'hello there', { kind: 'invalid', reason: 'neither XML nor a list of URLs' }],
    ['empty', '  ', { kind: 'invalid', reason: 'empty body' }],
  ])('%s', (_name, text, expected) => {
    expect(parseSitemap(text, base)).toEqual(expected);
  });

  it('parses a full 50,000-URL sitemap', () => {
    const entries = Array.from(
      { length: 50_000 },
      (_, i) => `<url><loc>https://example.com/p/${i}?a=1&amp;b=2</loc><lastmod>2024-01-01</lastmod></url>`,
    );
    const parsed = parseSitemap(`<urlset>${entries.join('\n')}</urlset>`, base);
    expect(parsed.kind === 'urlset' && parsed.pages.length).toBe(50_000);
    expect(parsed.kind === 'urlset' && parsed.pages[49_999]).toBe('https://example.com/p/49999?a=1&b=2');
  });
});

/** A server for what the fixture site does not serve: gzip by Content-Encoding, and an index that lists itself. */
async function startSitemapServer(): Promise<{ url: string; hits: Map<string, number>; close(): Promise<void> }> {
  const hits = new Map<string, number>();
  let origin = '';
  const urlset = (path: string) => `<urlset><url><loc>${origin}${path}</loc></url></urlset>`;
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path === '/index.xml') {
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(
        `<sitemapindex>${['/index.xml', '/encoded.xml', '/double.xml.gz'].map((p) => `<sitemap><loc>${origin}${p}</loc></sitemap>`).join('')}</sitemapindex>`,
      );
    } else if (path === '/encoded.xml') {
      res.writeHead(200, { 'content-type': 'application/xml', 'content-encoding': 'gzip' });
      res.end(gzipSync(urlset('/encoded')));
    } else if (path === '/double.xml.gz') {
      // A gzip file sent with Content-Encoding: gzip as well: decoded twice.
      res.writeHead(200, { 'content-type': 'application/x-gzip', 'content-encoding': 'gzip' });
      res.end(gzipSync(gzipSync(urlset('/double'))));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: origin, hits, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

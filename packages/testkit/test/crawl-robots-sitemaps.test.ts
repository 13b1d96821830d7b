import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlGraph, crawlRedirects, phrases, sitemapPaths, startFixtureSite, type FixtureSite } from '../src/index.js';
import { hrefs } from './helpers/html.js';
import { locs, parseXml } from './helpers/xml.js';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(() => site.close());

function get(path: string): Promise<Response> {
  return fetch(`${site.url}${path}`, { redirect: 'manual' });
}

/** Shortest link depth of each graph page from /crawl/, ignoring query and fragment. */
function depths(): Map<string, number> {
  const seen = new Map([['/crawl/', 0]]);
  const queue = ['/crawl/'];
  for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
    for (const href of crawlGraph[path] ?? []) {
      const target = new URL(href, 'http://site').pathname;
      if (href.startsWith('/') && target in crawlGraph && !seen.has(target)) {
        seen.set(target, (seen.get(path) ?? 0) + 1);
        queue.push(target);
      }
    }
  }
  return seen;
}

describe('/crawl/ section', () => {
  it('serves every graph page with exactly the graph links, in order', async () => {
    for (const [path, links] of Object.entries(crawlGraph)) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(hrefs(await res.text()), path).toEqual(links);
    }
  });

  it('is a site of about 15 pages, 3 links deep, with the promised link kinds', () => {
    expect(Object.keys(crawlGraph).length).toBeGreaterThanOrEqual(14);
    expect(Math.max(...depths().values())).toBe(3);
    const all = Object.values(crawlGraph).flat();
    for (const href of [
      '/crawl/index.html',
      '/crawl/a?utm_source=x',
      '/crawl/b?page=2',
      'https://example.com/',
      '/crawl/missing',
      '/redirect/301',
      '/crawl/redirected',
      '/private/secret',
      '/crawl/blocked',
    ]) {
      expect(all).toContain(href);
    }
    expect(all.some((href) => href.includes('#'))).toBe(true);
    // Cycles: some page links back to its parent.
    expect(crawlGraph['/crawl/a/1']).toContain('/crawl/a');
  });

  it('serves /crawl/index.html and query variants as the same page', async () => {
    const root = await (await get('/crawl/')).text();
    expect(await (await get('/crawl/index.html')).text()).toBe(root);
    expect(await (await get('/crawl/?utm_source=x')).text()).toBe(root);
    expect(hrefs(await (await get('/crawl/b?page=2')).text())).toEqual(crawlGraph['/crawl/b']);
  });

  it('redirects, 404s and robots-blocked pages behave as documented', async () => {
    for (const [from, to] of Object.entries(crawlRedirects)) {
      const res = await get(from);
      expect(res.status).toBe(301);
      expect(res.headers.get('location')).toBe(`${site.url}${to}`);
    }
    expect((await get('/crawl/missing')).status).toBe(404);
    expect((await get('/crawl')).headers.get('location')).toBe(`${site.url}/crawl/`);
    expect(await (await get('/crawl/blocked')).text()).toContain(phrases.crawlBlocked);
    expect(await (await get('/private/secret')).text()).toContain(phrases.privateSecret);
  });
});

describe('robots.txt', () => {
  it('disallows /private/ and /crawl/blocked and points at the sitemap index', async () => {
    const res = await get('/robots.txt');
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const lines = (await res.text()).split('\n');
    expect(lines).toEqual([
      'User-agent: *',
      'Disallow: /private/',
      'Disallow: /crawl/blocked',
      '',
      `Sitemap: ${site.url}/sitemap_index.xml`,
      '',
    ]);
  });

  it('adds Crawl-delay when asked, and can be replaced entirely', async () => {
    const delayed = await startFixtureSite({ crawlDelay: 2 });
    const custom = await startFixtureSite({ robotsTxt: 'User-agent: *\nDisallow: /\n' });
    try {
      const delayedText = await (await fetch(`${delayed.url}/robots.txt`)).text();
      expect(delayedText).toMatch(/^User-agent: \*\n(?:Disallow: .*\n)+Crawl-delay: 2\n/);
      expect(await (await fetch(`${custom.url}/robots.txt`)).text()).toBe('User-agent: *\nDisallow: /\n');
    } finally {
      await Promise.all([delayed.close(), custom.close()]);
    }
  });
});

describe('sitemaps', () => {
  async function xml(path: string) {
    const res = await get(path);
    expect(res.status, path).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    return parseXml(await res.text());
  }

  it('the index lists the pages sitemap and the gzipped blog sitemap', async () => {
    const index = await xml('/sitemap_index.xml');
    expect(index.name).toBe('sitemapindex');
    expect(locs(index)).toEqual(sitemapPaths.index.map((path) => `${site.url}${path}`));
  });

  it('/sitemaps/pages.xml lists the crawl pages and /orphan, all of them live', async () => {
    const urlset = await xml('/sitemaps/pages.xml');
    expect(urlset.name).toBe('urlset');
    const urls = locs(urlset);
    expect(urls).toEqual(sitemapPaths.pages.map((path) => `${site.url}${path}`));
    expect(urls).toContain(`${site.url}/orphan`);
    expect(urls).toContain(`${site.url}/crawl/a/1/x`);
    for (const url of urls) expect((await fetch(url)).status, url).toBe(200);
  });

  it('/sitemaps/blog.xml.gz is a gzip file holding the blog urlset', async () => {
    const res = await get('/sitemaps/blog.xml.gz');
    expect(res.headers.get('content-type')).toBe('application/gzip');
    expect(res.headers.get('content-encoding')).toBeNull();
    const urlset = parseXml(gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8'));
    expect(locs(urlset)).toEqual([1, 2, 3, 4, 5].map((n) => `${site.url}/blog/${n}`));
    for (const url of locs(urlset)) expect((await fetch(url)).status).toBe(200);
  });

  it('/sitemap.xml is a plain urlset for clients that only try the default path', async () => {
    const urlset = await xml('/sitemap.xml');
    expect(locs(urlset)).toEqual(sitemapPaths.default.map((path) => `${site.url}${path}`));
  });

  it('/orphan is linked from no fixture page', async () => {
    const linking = [...Object.values(crawlGraph).flat(), ...hrefs(await (await get('/')).text())];
    expect(linking).not.toContain('/orphan');
    expect(await (await get('/orphan')).text()).toContain(phrases.orphan);
  });
});

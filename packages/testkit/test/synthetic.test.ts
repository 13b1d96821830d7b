import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSyntheticSite, syntheticPageHtml, syntheticPageLinks, syntheticPagePaths, type SyntheticSite } from '../src/index.js';
import { hrefs } from './helpers/html.js';
import { locs, parseXml } from './helpers/xml.js';

describe('syntheticPageHtml', () => {
  const options = { pages: 5000, seed: 7 };

  it('is deterministic for a seed and differs between seeds', () => {
    expect(syntheticPageHtml(42, options)).toBe(syntheticPageHtml(42, { ...options }));
    expect(syntheticPageHtml(42, options)).not.toBe(syntheticPageHtml(42, { ...options, seed: 8 }));
    expect(syntheticPagePaths(options)).toEqual(syntheticPagePaths({ ...options }));
  });

  it('sizes pages within the default 30-150 KB, spread across the range', () => {
    const sizes = Array.from({ length: 200 }, (_, i) => Buffer.byteLength(syntheticPageHtml(i * 25, options)));
    for (const size of sizes) {
      expect(size).toBeGreaterThanOrEqual(30_000);
      expect(size).toBeLessThanOrEqual(150_000);
    }
    expect(Math.min(...sizes)).toBeLessThan(50_000);
    expect(Math.max(...sizes)).toBeGreaterThan(130_000);
  });

  it('honours custom size bounds and links per page', () => {
    const small = { pages: 100, seed: 3, minPageBytes: 4000, maxPageBytes: 6000, linksPerPage: 4 };
    for (let i = 0; i < 100; i++) {
      const html = syntheticPageHtml(i, small);
      expect(html.length).toBeGreaterThanOrEqual(4000);
      expect(html.length).toBeLessThanOrEqual(6000);
      expect(hrefs(html)).toEqual(syntheticPageLinks(i, small));
      expect(syntheticPageLinks(i, small)).toHaveLength(i === 0 ? 5 : 6); // logo (+ Up) + 4 content links
    }
  });

  it('looks like an article: title, description, headings, lists, tables and code', () => {
    const html = syntheticPageHtml(11, options);
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toMatch(/<title>[^<]+ - page 11<\/title>/);
    expect(html).toContain('<meta name="description"');
    const whole = Array.from({ length: 20 }, (_, i) => syntheticPageHtml(i, options)).join('');
    for (const tag of ['<h1>', '<h2>', '<ul>', '<ol>', '<table>', '<pre><code', '<strong>']) expect(whole).toContain(tag);
  });

  it('gives paths of varying depth, unique, with page 0 at /', () => {
    const paths = syntheticPagePaths(options);
    expect(paths[0]).toBe('/');
    expect(new Set(paths).size).toBe(paths.length);
    const depths = new Set(paths.slice(1).map((path) => path.split('/').length));
    expect(depths.size).toBe(3);
  });

  it('reaches every page from / by following links (5000 pages)', () => {
    const paths = syntheticPagePaths(options);
    const indexByPath = new Map(paths.map((path, i) => [path, i]));
    const seen = new Set([0]);
    const unknown: string[] = [];
    const queue = [0];
    for (let index = queue.shift(); index !== undefined; index = queue.shift()) {
      for (const href of syntheticPageLinks(index, options)) {
        const target = indexByPath.get(href);
        if (target === undefined) unknown.push(href);
        else if (!seen.has(target)) {
          seen.add(target);
          queue.push(target);
        }
      }
    }
    expect(unknown).toEqual([]);
    expect(seen.size).toBe(options.pages);
  });

  // How fast they are made is the benchmarks' own setup cost, not a property to assert here.
  it('generates pages of a 20,000-page site at benchmark size', () => {
    let bytes = 0;
    for (let i = 0; i < 500; i++) bytes += syntheticPageHtml(i, { pages: 20_000 }).length;
    expect(bytes).toBeGreaterThan(500 * 30_000);
  });

  it('rejects impossible options', () => {
    expect(() => syntheticPageHtml(0, { pages: 0 })).toThrow(RangeError);
    expect(() => syntheticPageHtml(10, { pages: 10 })).toThrow(RangeError);
    expect(() => syntheticPageHtml(0, { pages: 10, minPageBytes: 10, maxPageBytes: 5 })).toThrow(RangeError);
  });
});

describe('startSyntheticSite', () => {
  const options = { pages: 300, seed: 11, minPageBytes: 3000, maxPageBytes: 8000 };
  let site: SyntheticSite;
  beforeAll(async () => {
    site = await startSyntheticSite(options);
  });
  afterAll(() => site.close());

  it('serves each page exactly as syntheticPageHtml renders it', async () => {
    expect(site.pagePaths).toEqual(syntheticPagePaths(options));
    for (const index of [0, 1, 150, 299]) {
      const res = await fetch(`${site.url}${site.pagePaths[index]}`);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await res.text()).toBe(syntheticPageHtml(index, options));
    }
  });

  it('every page is reachable by a BFS crawl from / over HTTP', async () => {
    site.resetRequests();
    const seen = new Set(['/']);
    let frontier = ['/'];
    while (frontier.length > 0) {
      const pages = await Promise.all(frontier.map(async (path) => (await fetch(`${site.url}${path}`)).text()));
      frontier = [];
      for (const href of pages.flatMap(hrefs)) {
        if (!seen.has(href)) {
          seen.add(href);
          frontier.push(href);
        }
      }
    }
    expect([...seen].sort()).toEqual([...site.pagePaths].sort());
    expect(site.requests).toHaveLength(options.pages);
  });

  it('allows everything in robots.txt and lists every page in /sitemap.xml', async () => {
    expect(await (await fetch(`${site.url}/robots.txt`)).text()).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${site.url}/sitemap.xml\n`);
    const urlset = parseXml(await (await fetch(`${site.url}/sitemap.xml`)).text());
    expect(locs(urlset)).toEqual(site.pagePaths.map((path) => `${site.url}${path}`));
  });

  it('answers 404 outside the generated pages and records requests', async () => {
    const res = await fetch(`${site.url}/p/${options.pages}`);
    expect(res.status).toBe(404);
    expect(site.hits(`/p/${options.pages}`)).toBe(1);
  });
});

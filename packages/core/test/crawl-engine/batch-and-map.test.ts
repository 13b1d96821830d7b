import { startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { batchScrape, createMemoryStore, map } from '../../src/index.js';
import { readAllDocuments } from '../../src/jobs/result-pages.js';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(() => site.close());
beforeEach(() => site.resetRequests());

describe('batchScrape()', () => {
  it('scrapes every URL once, retrying transient failures and not permanent ones', async () => {
    const store = createMemoryStore();
    const urls = [
      `${site.url}/articles/minimal`,
      `${site.url}/flaky?key=batch-ok&fail=2`,
      `${site.url}/status/404`,
      `${site.url}/flaky?key=batch-down&fail=9`,
      `${site.url}/redirect/loop-a`,
    ];
    const job = batchScrape(urls, { store, maxRetries: 2 });
    const summary = await job.done;
    expect(summary).toMatchObject({ status: 'completed', total: 5, completed: 2, failed: 3 });
    const docs = await readAllDocuments(store, job.id);
    expect(docs.map((d) => d.metadata.sourceURL).sort()).toEqual([urls[1], urls[0]].sort());
    expect(site.requests.filter((r) => r.path.startsWith('/flaky?key=batch-ok')).length).toBe(3);
    expect(site.requests.filter((r) => r.path.startsWith('/flaky?key=batch-down')).length).toBe(3);
    expect(site.hits('/status/404')).toBe(1);
    const { errors } = await job.errors();
    expect(errors.map((e) => e.url).sort()).toEqual([urls[2], urls[3], urls[4]].sort());
    expect(errors.find((e) => e.url === urls[4])?.error).toMatch(/Redirect loop/);
  });

  it('scrapes exact duplicates once', async () => {
    const job = batchScrape([`${site.url}/blog/1`, `${site.url}/blog/1`, `${site.url}/blog/2`]);
    expect((await job.done).completed).toBe(2);
  });
});

describe('map()', () => {
  it('finds pages by fetching them when there is no sitemap to use', async () => {
    const links = await map(`${site.url}/crawl/`);
    expect(links[0]).toBe(`${site.url}/crawl/`);
    for (const path of ['/crawl/a', '/crawl/b/1/x', '/crawl/c/1/x']) expect(links).toContain(`${site.url}${path}`);
    expect(links.some((l) => l.includes('example.com'))).toBe(false);
    expect(new Set(links).size).toBe(links.length);
    expect(site.hits('/sitemap.xml')).toBe(0);
  });

  it('reads only sitemaps with sitemapOnly, including the orphan page and the gzip sitemap', async () => {
    const links = await map(`${site.url}/`, { sitemapOnly: true });
    expect(links).toContain(`${site.url}/orphan`);
    expect(links).toContain(`${site.url}/blog/3`);
    expect(site.hits('/crawl/a')).toBe(0);
  });

  it('caps at the limit', async () => {
    expect(await map(`${site.url}/crawl/`, { limit: 4 })).toHaveLength(4);
  });

  it('ranks links by a search query', async () => {
    const links = await map(`${site.url}/`, { search: 'blog', ignoreSitemap: false });
    expect(links.length).toBeGreaterThan(0);
    expect(links[0]).toMatch(/\/blog/);
    for (const link of links) expect(link).toMatch(/blog/);
  });

  // The start page never answers, and a page fetch gives up only after 30 s: a map that did not
  // stop at its own timeout would outlast this test's 20 s deadline, however busy the machine.
  it('returns what it found when the timeout passes', async () => {
    const links = await map(`${site.url}/hang`, { timeout: 300, ignoreSitemap: false });
    expect(links[0]).toBe(`${site.url}/hang`);
  }, 20_000);
});

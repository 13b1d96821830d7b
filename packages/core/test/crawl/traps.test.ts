import {
  startFixtureSite,
  startSyntheticSite,
  TRAP_SITE_BLOG_PAGES,
  TRAP_SITE_POSTS,
  TRAP_SITE_PRODUCTS,
  type FixtureSite,
} from '@trawl/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { crawl, type Document, type TrapNotice } from '../../src/index.js';
import { mapSite } from '../../src/crawl/map.js';

/** The trap site (testkit pages/traps.ts): a blog to find whole, a calendar, a shop of permuted session ids and a looping docs path. */
let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(() => site.close());
beforeEach(() => site.resetRequests());

const fetched = (prefix: string) => site.requests.filter((request) => request.path.startsWith(prefix)).length;
const blogUrls = () => [
  `${site.url}/traps/blog/`,
  ...Array.from({ length: TRAP_SITE_BLOG_PAGES - 1 }, (_, i) => `${site.url}/traps/blog/?page=${i + 2}`),
  ...TRAP_SITE_POSTS.map((slug) => `${site.url}/traps/blog/${slug}`),
];

/**
 * What each trap may cost at most: a few pages before its pattern is judged near-identical, then
 * 10 new URLs; a map's links-only calendar pages say too little to compare, so there the budget
 * of a dated pattern (60 months) ends it.
 */
function expectTrapsBounded(calendarPages: number): void {
  expect(fetched('/traps/calendar')).toBeLessThanOrEqual(calendarPages);
  expect(fetched('/traps/shop?')).toBeLessThanOrEqual(40);
  // /traps/docs/, /docs/docs/, /docs/docs/docs/: a fourth "docs" is a looping path.
  expect(fetched('/traps/docs/')).toBe(3);
}

describe('crawl traps', () => {
  it('map finds the whole blog and the shop, walks no trap for long, and says what it skipped', async () => {
    const { links, warnings } = await mapSite(`${site.url}/traps/`);
    const urls = links.map((link) => link.url);
    expect(urls).toEqual(expect.arrayContaining(blogUrls()));
    expect(urls).toEqual(expect.arrayContaining(TRAP_SITE_PRODUCTS.map((slug) => `${site.url}/traps/shop/${slug}`)));
    expectTrapsBounded(70);
    expect(site.requests.length).toBeLessThan(200);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/looked like a crawl trap/);
    for (const trap of ['/traps/calendar?month=', '/traps/shop?', '/traps/docs/docs/docs/docs/']) expect(warnings[0]).toContain(trap);
  });

  it('a crawl (Markdown pages) reads every post and product and reports each trap once', async () => {
    const job = crawl(`${site.url}/traps/`, { limit: 2000, ignoreSitemap: true });
    const notices: TrapNotice[] = [];
    const pages: Document[] = [];
    job.on('trap', (notice) => notices.push(notice));
    job.on('page', (doc) => pages.push(doc));
    const summary = await job.done;
    expect(summary.status).toBe('completed');
    const crawled = pages.map((doc) => doc.metadata.sourceURL);
    expect(crawled).toEqual(expect.arrayContaining([...blogUrls(), ...TRAP_SITE_PRODUCTS.map((slug) => `${site.url}/traps/shop/${slug}`)]));
    expectTrapsBounded(20);
    expect(notices.map((notice) => notice.reason).sort()).toEqual(['looping-path', 'near-identical-pages', 'near-identical-pages']);
    expect(notices.map((notice) => new URL(notice.example).pathname).sort()).toEqual([
      '/traps/calendar',
      '/traps/docs/docs/docs/docs/',
      '/traps/shop',
    ]);
  });

  // The start page never answers: only the time budget ends the map (see batch-and-map's timeout test).
  it('a map out of time returns what it found with a warning saying so', async () => {
    const { links, warnings } = await mapSite(`${site.url}/hang`, { timeout: 300 });
    expect(links.map((link) => link.url)).toEqual([`${site.url}/hang`]);
    expect(warnings).toEqual(['The map stopped after its time budget of 300 ms; these are the 1 links found by then.']);
  }, 20_000);

  it('a map of a normal site holds nothing back: no URL of the fixture site is judged a trap', async () => {
    const { links, warnings } = await mapSite(`${site.url}/`, { ignoreSitemap: false });
    expect(warnings).toEqual([]);
    expect(links.map((link) => new URL(link.url).pathname)).toEqual(expect.arrayContaining(['/', '/crawl/a', '/blog/3', '/orphan']));
  });

  it('a map of a site of 1,200 numbered pages linking to each other (/p/17) finds every page', async () => {
    const synthetic = await startSyntheticSite({ pages: 1200, minPageBytes: 1_000, maxPageBytes: 3_000 });
    try {
      const { links, warnings } = await mapSite(synthetic.url);
      expect(warnings).toEqual([]);
      expect(new Set(links.map((link) => new URL(link.url).pathname))).toEqual(new Set(synthetic.pagePaths));
    } finally {
      await synthetic.close();
    }
  }, 120_000);
});

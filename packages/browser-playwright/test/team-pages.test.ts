import { scrape, type TrawlError } from '@trawl/core';
import { phrases, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { browserFromEnv } from '../src/from-env.js';
import { createPlaywrightBrowser } from '../src/index.js';

/**
 * Browser pages shared between teams (issue #31 row 7): while another team uses the browser, a
 * team holds at most all pages but one, so that team's scrape gets a page while the first team's
 * slow pages load.
 */
let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(() => site.close());

describe('browser pages between teams', () => {
  it("leaves a page to another team while one team's slow pages hold the rest", async () => {
    const browser = createPlaywrightBrowser({ maxConcurrentPages: 2 });
    const stop = new AbortController();
    try {
      // Team B has used the browser: from then on team A is held to its share (a team alone takes every page).
      await scrape(`${site.url}/articles/minimal`, { browser, engine: 'browser', teamId: 'b' });
      let slowDone = 0;
      // Team A's three pages each take a minute to answer; first come, first served two would hold both pages.
      const slow = [1, 2, 3].map(() =>
        scrape(`${site.url}/slow?ms=60000`, { browser, engine: 'browser', teamId: 'a', timeout: 120_000, signal: stop.signal })
          .then(() => slowDone++)
          .catch((error: TrawlError) => error.code),
      );
      const quick = await scrape(`${site.url}/articles/minimal`, { browser, engine: 'browser', teamId: 'b' });
      expect(quick.markdown).toContain(phrases.minimal);
      expect(slowDone).toBe(0);
      stop.abort();
      expect(await Promise.all(slow)).toEqual(['SCRAPE_ABORTED', 'SCRAPE_ABORTED', 'SCRAPE_ABORTED']);
    } finally {
      stop.abort();
      await browser.close();
    }
  }, 180_000);

  it('holds a team to TRAWL_BROWSER_PAGES_PER_TEAM pages while another team renders', async () => {
    const browser = browserFromEnv({ TRAWL_BROWSER_PAGES: '3', TRAWL_BROWSER_PAGES_PER_TEAM: '1' })!;
    const stop = new AbortController();
    try {
      await scrape(`${site.url}/articles/minimal`, { browser, engine: 'browser', teamId: 'b' });
      const slow = [1, 2, 3].map(() =>
        scrape(`${site.url}/slow?ms=60000`, { browser, engine: 'browser', teamId: 'a', timeout: 120_000, signal: stop.signal }).catch(
          (error: TrawlError) => error.code,
        ),
      );
      const quick = await scrape(`${site.url}/articles/minimal`, { browser, engine: 'browser', teamId: 'b' });
      expect(quick.markdown).toContain(phrases.minimal);
      // Team A's share is one page: its other two wait at the gate though two pages are free
      // (the default share, all pages but one, would have let two of them in). Team B's page holds
      // its slot until its wipe ends, a moment after its scrape returned.
      await vi.waitFor(() => expect(browser.stats().activePages).toBeLessThanOrEqual(1), { timeout: 10_000 });
      expect(browser.stats().activePages).toBe(1);
      stop.abort();
      expect(await Promise.all(slow)).toEqual(['SCRAPE_ABORTED', 'SCRAPE_ABORTED', 'SCRAPE_ABORTED']);
    } finally {
      stop.abort();
      await browser.close();
    }
  }, 180_000);

  it('refuses a team share of no pages', () => {
    expect(() => createPlaywrightBrowser({ pagesPerTeam: 0 })).toThrow(/pagesPerTeam must be a whole number/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_POLICY, resolveScrapeOptions, scrape } from '@trawl/core';
import { phrases, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { createPlaywrightBrowser, requireChromium, findChromium, ISOLATIONS } from '../src/index.js';
import { chromiumChildren } from './helpers.js';

let site: FixtureSite;

beforeAll(async () => {
  site = await startFixtureSite();
});

afterAll(async () => {
  await site.close();
  expect(chromiumChildren()).toEqual([]);
});

/** The browser process (not its helpers): the child of this process that Playwright started. */
function browserPid(): number {
  const [pid] = chromiumChildren();
  if (!pid) throw new Error('no browser process running');
  return pid;
}

async function waitFor(condition: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('a warm page given back', () => {
  it('returns the load before its wipe, holds the slot until the wipe ends, then serves the next load on the wiped page', async () => {
    const browser = createPlaywrightBrowser({ maxConcurrentPages: 1 });
    const load = (path: string) =>
      browser.load({ url: `${site.url}${path}`, options: resolveScrapeOptions({ formats: ['markdown'] }), policy: OPEN_POLICY });
    try {
      const first = await load('/articles/minimal');
      expect(Buffer.from(first.body).toString('utf8')).toContain(phrases.minimal);
      // The page is being wiped: the slot is still taken, and the browser still up.
      expect(browser.stats().activePages).toBe(1);
      await waitFor(() => browser.stats().activePages === 0);
      const second = await load('/articles/minimal');
      expect(Buffer.from(second.body).toString('utf8')).toContain(phrases.minimal);
      expect(browser.stats()).toMatchObject({ launches: 1, pagesServed: 2, reusedPages: 1 });
    } finally {
      await browser.close();
    }
  });
});

describe.each(ISOLATIONS)("the browser pool, isolation '%s'", (isolation) => {
  it('replaces a crashed browser', async () => {
    const browser = createPlaywrightBrowser({ isolation });
    try {
      await scrape(`${site.url}/articles/minimal`, { browser, engine: 'browser' });
      const first = browserPid();
      process.kill(first, 'SIGKILL');
      await waitFor(() => browser.stats().browsers === 0);
      const doc = await scrape(`${site.url}/articles/minimal`, { browser, engine: 'browser' });
      expect(doc.markdown).toContain(phrases.minimal);
      expect(browser.stats().launches).toBe(2);
      expect(browserPid()).not.toBe(first);
    } finally {
      await browser.close();
    }
  });

  it('shares one process between pages and restarts it after maxPagesPerBrowser', async () => {
    const browser = createPlaywrightBrowser({ maxPagesPerBrowser: 3, isolation });
    try {
      const load = () => scrape(`${site.url}/articles/minimal`, { browser, engine: 'browser' });
      await Promise.all([load(), load(), load()]);
      expect(browser.stats()).toMatchObject({ launches: 1, pagesServed: 3 });
      await load();
      expect(browser.stats()).toMatchObject({ launches: 2, pagesServed: 4 });
      await waitFor(() => browser.stats().browsers === 1);
    } finally {
      await browser.close();
    }
  });

  it('caps pages rendered at once', async () => {
    const browser = createPlaywrightBrowser({ maxConcurrentPages: 2, isolation });
    let peak = 0;
    const watch = setInterval(() => (peak = Math.max(peak, browser.stats().activePages)), 5);
    try {
      await Promise.all(Array.from({ length: 5 }, () => scrape(`${site.url}/slow?ms=200`, { browser, engine: 'browser' })));
      expect(peak).toBe(2);
      expect(browser.stats().pagesServed).toBe(5);
      // 'reset' keeps a warm lane per page slot; 'context' closes each page's context and keeps one spare.
      await waitFor(() => browser.stats().contexts <= (isolation === 'reset' ? 2 : 1));
    } finally {
      clearInterval(watch);
      await browser.close();
    }
  });

  it('shuts the browser down when idle and starts it again on demand', async () => {
    const browser = createPlaywrightBrowser({ idleTimeoutMs: 200, isolation });
    try {
      await scrape(`${site.url}/articles/minimal`, { browser, engine: 'browser' });
      expect(chromiumChildren()).toHaveLength(1);
      await waitFor(() => chromiumChildren().length === 0);
      const doc = await scrape(`${site.url}/articles/minimal`, { browser, engine: 'browser' });
      expect(doc.markdown).toContain(phrases.minimal);
      expect(browser.stats().launches).toBe(2);
    } finally {
      await browser.close();
    }
    expect(chromiumChildren()).toEqual([]);
  });

  it('times out a page that never finishes loading, and the pool carries on', async () => {
    const browser = createPlaywrightBrowser({ isolation });
    try {
      await expect(scrape(`${site.url}/hang`, { browser, engine: 'browser', timeout: 1000 })).rejects.toMatchObject({
        code: 'SCRAPE_TIMEOUT',
      });
      const doc = await scrape(`${site.url}/articles/minimal`, { browser, engine: 'browser' });
      expect(doc.markdown).toContain(phrases.minimal);
    } finally {
      await browser.close();
    }
  });

  it('finds Chromium, and names every place it looked when there is none', () => {
    expect(findChromium({ TRAWL_CHROMIUM_PATH: '/usr/bin/chromium' })).toBe('/usr/bin/chromium');
    expect(() => requireChromium({ TRAWL_CHROMIUM_PATH: '/nowhere/chromium' })).toThrow(/TRAWL_CHROMIUM_PATH is \/nowhere\/chromium/);
  });

  it('reports a Chromium that cannot start', async () => {
    const browser = createPlaywrightBrowser({ executablePath: '/bin/false', isolation });
    try {
      await expect(scrape(`${site.url}/articles/minimal`, { browser, engine: 'browser' })).rejects.toMatchObject({
        code: 'SCRAPE_ADAPTER_MISSING',
        message: expect.stringContaining('Chromium at /bin/false could not start'),
      });
    } finally {
      await browser.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrape } from '@trawl/core';
import { phrases, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { createPlaywrightBrowser, requireChromium, findChromium } from '../src/index.js';
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

describe('the browser pool', () => {
  it('replaces a crashed browser', async () => {
    const browser = createPlaywrightBrowser();
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
    const browser = createPlaywrightBrowser({ maxPagesPerBrowser: 3 });
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
    const browser = createPlaywrightBrowser({ maxConcurrentPages: 2 });
    let peak = 0;
    const watch = setInterval(() => (peak = Math.max(peak, browser.stats().activePages)), 5);
    try {
      await Promise.all(Array.from({ length: 5 }, () => scrape(`${site.url}/slow?ms=200`, { browser, engine: 'browser' })));
      expect(peak).toBe(2);
      expect(browser.stats().pagesServed).toBe(5);
      // Every page's context is gone; only the spare made for the next load may remain.
      await waitFor(() => browser.stats().contexts <= 1);
    } finally {
      clearInterval(watch);
      await browser.close();
    }
  });

  it('shuts the browser down when idle and starts it again on demand', async () => {
    const browser = createPlaywrightBrowser({ idleTimeoutMs: 200 });
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
    const browser = createPlaywrightBrowser();
    try {
      await expect(scrape(`${site.url}/hang`, { browser, engine: 'browser', timeout: 1000 })).rejects.toMatchObject({ code: 'SCRAPE_TIMEOUT' });
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
    const browser = createPlaywrightBrowser({ executablePath: '/bin/false' });
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

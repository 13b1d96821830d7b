import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrape, type ScrapeOptions } from '@trawl/core';
import { phrases, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import {
  browserFromEnv,
  CHROMIUM_ARGS,
  createPlaywrightBrowser,
  DESKTOP_VIEWPORT,
  ISOLATIONS,
  MOBILE_DEVICE,
  requireChromium,
  type PlaywrightBrowser,
} from '../src/index.js';
import type { PageSetup } from '../src/page-source.js';
import { WarmLanes } from '../src/warm-lanes.js';
import { chromiumChildren } from './helpers.js';

let site: FixtureSite;

beforeAll(async () => {
  site = await startFixtureSite();
});

afterAll(async () => {
  await site.close();
  expect(chromiumChildren()).toEqual([]);
});

/** Leaves a trace in every kind of state a page can keep, then reads it back (so the writes are known to work). */
const LEAVE_TRACES = `
document.cookie = 'tenant=one; max-age=3600; path=/';
localStorage.setItem('tenant', 'one');
sessionStorage.setItem('tenant', 'one');
window.name = 'tenant-one';
return new Promise((resolve, reject) => {
  const open = indexedDB.open('tenant-one', 1);
  open.onupgradeneeded = () => open.result.createObjectStore('notes');
  open.onsuccess = () => { open.result.close(); resolve(true); };
  open.onerror = () => reject(open.error);
});`;

/** What a page can see of the state earlier pages of its origin left. */
const REPORT = `
return indexedDB.databases().then((databases) => ({
  cookie: document.cookie,
  local: localStorage.getItem('tenant'),
  session: sessionStorage.getItem('tenant'),
  name: window.name,
  databases: databases.map((database) => database.name),
  // A new tab's history holds its page and at most the blank page before it: no way back to an earlier scrape.
  noEarlierPages: history.length <= 2,
}));`;

const CLEAN = { cookie: '', local: null, session: null, name: '', databases: [], noEarlierPages: true };
const TRACES = { cookie: 'tenant=one', local: 'one', session: 'one', name: 'tenant-one', databases: ['tenant-one'], noEarlierPages: true };

async function report(browser: PlaywrightBrowser, url: string, options: ScrapeOptions = {}): Promise<unknown> {
  const doc = await scrape(url, {
    browser,
    engine: 'browser',
    ...options,
    actions: [...(options.actions ?? []), { type: 'executeJavascript', script: REPORT }],
  });
  return doc.actions!.javascriptReturns.at(-1)!.value;
}

describe.each(ISOLATIONS)("isolation '%s'", (isolation) => {
  let browser: PlaywrightBrowser;

  beforeAll(() => {
    // One page slot: in 'reset' mode every scrape below takes the same warm lane, unless it was closed.
    browser = createPlaywrightBrowser({ maxConcurrentPages: 1, isolation });
  });

  afterAll(async () => {
    await browser.close();
  });

  it('shows a scrape none of the cookies, storage, databases or window name an earlier one left', async () => {
    const url = `${site.url}/articles/minimal`;
    const before = browser.stats().reusedPages;
    const first = await report(browser, url, { actions: [{ type: 'executeJavascript', script: LEAVE_TRACES }] });
    expect(first).toEqual(TRACES);
    expect(await report(browser, url)).toEqual(CLEAN);
    expect(browser.stats()).toMatchObject({ launches: 1, contexts: isolation === 'reset' ? 1 : expect.any(Number) });
    // The second scrape ran on the first one's page, wiped, in 'reset'; on a page of its own in 'context'.
    expect(browser.stats().reusedPages - before).toBe(isolation === 'reset' ? 1 : 0);
  });

  it('wipes an origin the scrape left before it ended, session storage included', async () => {
    // The traces are left on localhost, then the page moves on to 127.0.0.1: localhost is no longer shown when the scrape ends.
    const elsewhere = `http://localhost:${site.port}/articles/minimal`;
    const traces = await scrape(elsewhere, {
      browser,
      engine: 'browser',
      actions: [
        { type: 'executeJavascript', script: LEAVE_TRACES },
        { type: 'executeJavascript', script: `location.href = '${site.url}/form'` },
        { type: 'wait', selector: '#q' },
      ],
    });
    expect(traces.metadata.url).toBe(`${site.url}/form`);
    expect(await report(browser, elsewhere)).toEqual(CLEAN);
  });

  it("sends none of an earlier scrape's headers or cookies", async () => {
    site.resetRequests();
    await scrape(`${site.url}/articles/minimal`, { browser, engine: 'browser', headers: { 'X-Tenant': 'one', Cookie: 'session=one' } });
    await scrape(`${site.url}/articles/minimal`, { browser, engine: 'browser', headers: { 'X-Other': 'two' } });
    const [first, second] = site.requests.filter((request) => request.path === '/articles/minimal');
    expect(first!.headers).toMatchObject({ 'x-tenant': 'one', cookie: 'session=one' });
    expect(second!.headers['x-tenant']).toBeUndefined();
    expect(second!.headers.cookie).toBeUndefined();
    expect(second!.headers['x-other']).toBe('two');
  });

  it('gives each scrape its own viewport and user agent: mobile, desktop, mobile', async () => {
    const script = 'return [screen.width, navigator.userAgent]';
    const sizes: unknown[] = [];
    for (const mobile of [true, false, true]) {
      const doc = await scrape(`${site.url}/articles/minimal`, { browser, mobile, actions: [{ type: 'executeJavascript', script }] });
      sizes.push(doc.actions!.javascriptReturns[0]!.value);
    }
    const desktop = [DESKTOP_VIEWPORT.width, expect.not.stringMatching(/Mobile/)];
    const phone = [MOBILE_DEVICE.viewport.width, MOBILE_DEVICE.userAgent];
    expect(sizes).toEqual([phone, desktop, phone]);
  });

  it("keeps a screenshot's viewport to its own scrape", async () => {
    const script = 'return [innerWidth, innerHeight]';
    const sized = await scrape(`${site.url}/articles/minimal`, {
      browser,
      formats: ['screenshot'],
      screenshotOptions: { viewport: { width: 720, height: 360 } },
      actions: [{ type: 'executeJavascript', script }],
    });
    expect(sized.actions!.javascriptReturns[0]!.value).toEqual([720, 360]);
    const before = browser.stats().reusedPages;
    const plain = await scrape(`${site.url}/articles/minimal`, { browser, actions: [{ type: 'executeJavascript', script }] });
    expect(plain.actions!.javascriptReturns[0]!.value).toEqual([DESKTOP_VIEWPORT.width, DESKTOP_VIEWPORT.height]);
    // In 'reset' the plain scrape ran on the resized page, given its viewport back.
    expect(browser.stats().reusedPages - before).toBe(isolation === 'reset' ? 1 : 0);
  });

  it('keeps the geolocation permission of a location on every scrape with it', async () => {
    const script = "return navigator.permissions.query({ name: 'geolocation' }).then((status) => status.state)";
    const options: ScrapeOptions = { browser, location: { country: 'DE' }, actions: [{ type: 'executeJavascript', script }] };
    for (let i = 0; i < 2; i++) {
      const doc = await scrape(`${site.url}/articles/minimal`, options);
      expect(doc.actions!.javascriptReturns[0]!.value).toBe('granted');
    }
    const plain = await scrape(`${site.url}/articles/minimal`, { browser, mobile: true, actions: [{ type: 'executeJavascript', script }] });
    expect(plain.actions!.javascriptReturns[0]!.value).not.toBe('granted');
  });

  it('closes the page of an aborted or timed-out scrape, and the next scrape gets a clean one', async () => {
    const url = `${site.url}/articles/minimal`;
    await report(browser, url, { actions: [{ type: 'executeJavascript', script: LEAVE_TRACES }] });
    const controller = new AbortController();
    const aborted = scrape(`${site.url}/hang`, { browser, engine: 'browser', signal: controller.signal });
    setTimeout(() => controller.abort(), 500);
    await expect(aborted).rejects.toMatchObject({ code: 'SCRAPE_ABORTED' });
    await expect(scrape(`${site.url}/hang`, { browser, engine: 'browser', timeout: 1000 })).rejects.toMatchObject({
      code: 'SCRAPE_TIMEOUT',
    });
    const reused = browser.stats().reusedPages;
    expect(await report(browser, url)).toEqual(CLEAN);
    // The cut-short scrapes' page was closed, not handed on: this scrape needed a new one.
    expect(browser.stats().reusedPages).toBe(reused);
    const doc = await scrape(url, { browser, engine: 'browser' });
    expect(doc.markdown).toContain(phrases.minimal);
    expect(browser.stats()).toMatchObject({ launches: 1, browsers: 1, contexts: isolation === 'reset' ? 1 : expect.any(Number) });
  });
});

describe('TRAWL_BROWSER_ISOLATION', () => {
  it('chooses the isolation, and refuses a value it does not know', async () => {
    expect(() => browserFromEnv({ TRAWL_BROWSER_ISOLATION: 'none' })).toThrow(
      /TRAWL_BROWSER_ISOLATION must be reset or context, not "none"/,
    );
    const strict = browserFromEnv({ TRAWL_BROWSER_ISOLATION: 'context', TRAWL_BROWSER_PAGES: '1' })!;
    try {
      for (let i = 0; i < 2; i++) await scrape(`${site.url}/articles/minimal`, { browser: strict, engine: 'browser' });
      expect(strict.stats()).toMatchObject({ pagesServed: 2, reusedPages: 0 });
    } finally {
      await strict.close();
    }
  });
});

describe('warm lanes', () => {
  const setup = (viewport: { width: number; height: number }): PageSetup => ({
    options: { viewport },
    stealth: false,
    hideCookieBanners: false,
    cookies: [],
    filter: { adHosts: undefined, siteHeaders: {}, everyRequestHeaders: {}, skipMedia: true, targetUrl: site.url },
  });

  it('close after their last use, and make way for other settings at the cap', async () => {
    const browser = await chromium.launch({ executablePath: requireChromium(), args: CHROMIUM_ARGS, headless: true });
    try {
      const lanes = new WarmLanes(1, 2);
      const first = await lanes.open(browser, setup(DESKTOP_VIEWPORT));
      await first.release(true);
      const second = await lanes.open(browser, setup(DESKTOP_VIEWPORT));
      expect(second.page).toBe(first.page);
      await second.release(true);
      // Its second use was its last.
      expect(first.page.isClosed()).toBe(true);
      const third = await lanes.open(browser, setup(DESKTOP_VIEWPORT));
      expect(third.page).not.toBe(first.page);
      await third.release(true);
      // One lane at most: the idle one with other settings is closed for the new one.
      const phone = await lanes.open(browser, setup(MOBILE_DEVICE.viewport));
      expect(phone.page).not.toBe(third.page);
      await expect.poll(() => third.page.isClosed()).toBe(true);
      expect(browser.contexts()).toEqual([phone.context]);
      expect(phone.page.viewportSize()).toEqual(MOBILE_DEVICE.viewport);
      await phone.release(true);
      expect(lanes.reused).toBe(1);
    } finally {
      await browser.close();
    }
  });

  it("serve a scrape with its own viewport, and give the page the context's back when wiped", async () => {
    const browser = await chromium.launch({ executablePath: requireChromium(), args: CHROMIUM_ARGS, headless: true });
    try {
      const lanes = new WarmLanes(1);
      const small = { width: 400, height: 300 };
      const resized = await lanes.open(browser, { ...setup(DESKTOP_VIEWPORT), viewport: small });
      await resized.page.goto(`${site.url}/articles/minimal`);
      expect(await resized.page.evaluate(() => [innerWidth, innerHeight])).toEqual([400, 300]);
      await resized.release(true);
      expect(resized.page.viewportSize()).toEqual(DESKTOP_VIEWPORT);
      // The same warm page serves the next scrape, at the context's viewport.
      const next = await lanes.open(browser, setup(DESKTOP_VIEWPORT));
      expect(next.page).toBe(resized.page);
      await next.page.goto(`${site.url}/articles/minimal`);
      expect(await next.page.evaluate(() => [innerWidth, innerHeight])).toEqual([DESKTOP_VIEWPORT.width, DESKTOP_VIEWPORT.height]);
      await next.release(true);
      expect(lanes.reused).toBe(1);
    } finally {
      await browser.close();
    }
  });

  it('close the popups a scrape opened, and drop a lane whose page crashed', async () => {
    const browser = await chromium.launch({ executablePath: requireChromium(), args: CHROMIUM_ARGS, headless: true });
    try {
      const lanes = new WarmLanes(2);
      const opener = await lanes.open(browser, setup(DESKTOP_VIEWPORT));
      await opener.page.goto(`${site.url}/articles/minimal`);
      const popup = opener.context.waitForEvent('page');
      await opener.page.evaluate((url) => void window.open(url), `${site.url}/about`);
      await popup;
      expect(opener.context.pages()).toHaveLength(2);
      await opener.release(true);
      expect(opener.context.pages()).toEqual([opener.page]);
      expect(opener.page.url()).toBe('about:blank');

      const crashing = await lanes.open(browser, setup(DESKTOP_VIEWPORT));
      expect(crashing.page).toBe(opener.page);
      await crashing.page.goto('chrome://crash').catch(() => undefined);
      await crashing.release(true);
      expect(browser.contexts()).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});

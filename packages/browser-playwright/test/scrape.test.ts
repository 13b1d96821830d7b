import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrape, type ScrapeOptions } from '@trawl/core';
import { dataUrlImage, fixtureJson, phrases, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { createPlaywrightBrowser, DESKTOP_VIEWPORT, MOBILE_DEVICE, type PlaywrightBrowser } from '../src/index.js';
import { chromiumChildren, dataUrlBytes, pngDecodes, pngSize } from './helpers.js';

let site: FixtureSite;
let browser: PlaywrightBrowser;

beforeAll(async () => {
  site = await startFixtureSite();
  browser = createPlaywrightBrowser({ maxConcurrentPages: 2 });
});

afterAll(async () => {
  await browser.close();
  await site.close();
  expect(chromiumChildren()).toEqual([]);
});

const withBrowser = (options: ScrapeOptions = {}): ScrapeOptions => ({ browser, ...options });

describe('scrape() with the Playwright browser', () => {
  it('renders a JavaScript page that HTTP sees empty (engine auto)', async () => {
    const plain = await scrape(`${site.url}/js-rendered`);
    expect(plain.markdown).not.toContain(phrases.jsRendered);
    expect(plain.warning).toMatch(/rendered by JavaScript/);

    const doc = await scrape(`${site.url}/js-rendered`, withBrowser());
    expect(doc.markdown).toContain(phrases.jsRendered);
    expect(doc.warning).toBeUndefined();
    expect(doc.metadata.statusCode).toBe(200);
  });

  it('keeps static pages on HTTP in auto mode', async () => {
    site.resetRequests();
    const before = browser.stats().pagesServed;
    const doc = await scrape(`${site.url}/articles/boilerplate`, withBrowser());
    expect(doc.markdown).toContain(phrases.articleLead);
    expect(browser.stats().pagesServed).toBe(before);
  });

  it('types into the form and presses Enter', async () => {
    const doc = await scrape(
      `${site.url}/form`,
      withBrowser({
        actions: [
          { type: 'click', selector: '#q' },
          { type: 'write', text: 'lighthouse' },
          { type: 'press', key: 'Enter' },
          { type: 'wait', selector: '#result:not(:empty)' },
          { type: 'scrape' },
          { type: 'executeJavascript', script: "document.querySelector('#result').textContent" },
        ],
        onlyMainContent: false,
      }),
    );
    expect(doc.markdown).toContain(`${phrases.formResultPrefix}lighthouse`);
    expect(doc.actions!.scrapes[0]!.html).toContain(`${phrases.formResultPrefix}lighthouse`);
    expect(doc.actions!.scrapes[0]!.url).toBe(`${site.url}/form`);
    expect(doc.actions!.javascriptReturns).toEqual([{ type: 'string', value: `${phrases.formResultPrefix}lighthouse` }]);
  });

  it('takes viewport and full-page screenshots as PNG data URLs of the right size', async () => {
    const viewport = await scrape(`${site.url}/tall`, withBrowser({ formats: ['screenshot'] }));
    const full = await scrape(`${site.url}/tall`, withBrowser({ formats: ['markdown', 'screenshot@fullPage'] }));
    const small = dataUrlBytes(viewport.screenshot!);
    const big = dataUrlBytes(full.screenshot!);
    expect(pngSize(small)).toEqual(DESKTOP_VIEWPORT);
    expect(pngDecodes(small)).toBe(true);
    expect(pngSize(big).width).toBe(DESKTOP_VIEWPORT.width);
    expect(pngSize(big).height).toBeGreaterThanOrEqual(5000);
    expect(full.markdown).toContain(phrases.tallBottom);
  });

  it('takes a JPEG of the asked quality, with the page laid out at the asked viewport', async () => {
    const viewport = { width: 640, height: 480 };
    const shoot = (quality: number) =>
      scrape(
        `${site.url}/articles/boilerplate`,
        withBrowser({
          formats: ['screenshot'],
          screenshotOptions: { quality, viewport },
          actions: [{ type: 'executeJavascript', script: 'return [innerWidth, innerHeight]' }],
        }),
      );
    const [fine, coarse] = [await shoot(90), await shoot(20)];
    const sharp = dataUrlImage(fine.screenshot!);
    const rough = dataUrlImage(coarse.screenshot!);
    expect(sharp).toMatchObject({ type: 'jpeg', ...viewport });
    expect(rough).toMatchObject({ type: 'jpeg', ...viewport });
    expect(rough.bytes.byteLength).toBeLessThan(sharp.bytes.byteLength);
    // The page itself ran at that size, not just the image.
    expect(fine.actions!.javascriptReturns[0]!.value).toEqual([640, 480]);
  });

  it('gives a mobile page the asked viewport in CSS pixels, whatever the pixel ratio', async () => {
    const doc = await scrape(
      `${site.url}/articles/minimal`,
      withBrowser({ mobile: true, formats: ['screenshot'], screenshotOptions: { viewport: { width: 300, height: 600 } } }),
    );
    expect(dataUrlImage(doc.screenshot!)).toMatchObject({ type: 'png', width: 300, height: 600 });
  });

  it('takes an action screenshot at its own quality and viewport', async () => {
    const doc = await scrape(
      `${site.url}/articles/minimal`,
      withBrowser({
        actions: [
          { type: 'screenshot', fullPage: false },
          { type: 'screenshot', fullPage: false, quality: 50, viewport: { width: 500, height: 400 } },
        ],
      }),
    );
    const [before, after] = doc.actions!.screenshots.map(dataUrlImage);
    expect(before).toMatchObject({ type: 'png', ...DESKTOP_VIEWPORT });
    expect(after).toMatchObject({ type: 'jpeg', width: 500, height: 400 });
  });

  it('emulates a mobile device', async () => {
    const doc = await scrape(
      `${site.url}/articles/minimal`,
      withBrowser({
        mobile: true,
        actions: [{ type: 'executeJavascript', script: 'return [screen.width, navigator.userAgent, navigator.maxTouchPoints > 0]' }],
      }),
    );
    const [width, userAgent, touch] = doc.actions!.javascriptReturns[0]!.value as [number, string, boolean];
    expect(width).toBe(MOBILE_DEVICE.viewport.width);
    expect(userAgent).toMatch(/Android.*Mobile/);
    expect(touch).toBe(true);
    const request = site.requests.findLast((r) => r.path === '/articles/minimal');
    expect(request?.headers['user-agent']).toBe(MOBILE_DEVICE.userAgent);
  });

  it('emulates a location: language, Accept-Language and timezone', async () => {
    site.resetRequests();
    const doc = await scrape(
      `${site.url}/articles/minimal`,
      withBrowser({
        location: { country: 'DE', languages: ['de-DE', 'en'] },
        actions: [{ type: 'executeJavascript', script: 'return [navigator.language, Intl.DateTimeFormat().resolvedOptions().timeZone]' }],
      }),
    );
    expect(doc.actions!.javascriptReturns[0]!.value).toEqual(['de-DE', 'Europe/Berlin']);
    expect(site.requests[0]!.headers['accept-language']).toMatch(/^de-DE,de;q=0\.9,en;q=0\.8/);
  });

  it('names the failing action and keeps what was gathered before it', async () => {
    const failure = await scrape(
      `${site.url}/form`,
      withBrowser({
        timeout: 3000,
        actions: [{ type: 'scrape' }, { type: 'click', selector: '#does-not-exist' }],
      }),
    ).catch((error: unknown) => error);
    expect(failure).toMatchObject({
      code: 'SCRAPE_ACTION_ERROR',
      message: expect.stringContaining('actions[1] (click on "#does-not-exist")'),
    });
    const partial = (failure as { document?: { markdown?: string; actions?: { scrapes: unknown[] } } }).document;
    expect(partial?.markdown).toContain('Search');
    expect(partial?.actions?.scrapes).toHaveLength(1);
  });

  it('sends the caller’s headers and cookies to the target site', async () => {
    site.resetRequests();
    await scrape(
      `${site.url}/articles/minimal`,
      withBrowser({ engine: 'browser', headers: { 'X-Trawl-Test': 'yes', Cookie: 'session=abc; theme=dark' } }),
    );
    const request = site.requests.find((r) => r.path === '/articles/minimal')!;
    expect(request.headers['x-trawl-test']).toBe('yes');
    expect(request.headers.cookie).toBe('session=abc; theme=dark');
  });

  it('scrolls an infinite list, screenshots along the way, and waits', async () => {
    const doc = await scrape(
      `${site.url}/infinite-scroll`,
      withBrowser({
        waitFor: 50,
        actions: [
          // Each scroll moves one viewport down; the list grows when the bottom comes near. The page
          // handles scroll events a frame later, so give each one a moment (a busy machine is slow).
          { type: 'scroll', direction: 'down' },
          { type: 'wait', milliseconds: 250 },
          { type: 'scroll', direction: 'down' },
          { type: 'wait', milliseconds: 250 },
          { type: 'scroll', direction: 'down' },
          { type: 'wait', selector: 'li.item:nth-child(30)' },
          { type: 'screenshot', fullPage: false },
          { type: 'scroll', direction: 'up', selector: 'body' },
          { type: 'executeJavascript', script: "document.querySelectorAll('li.item').length" },
        ],
      }),
    );
    expect(doc.actions!.javascriptReturns[0]!.value).toBeGreaterThanOrEqual(30);
    expect(pngSize(dataUrlBytes(doc.actions!.screenshots[0]!))).toEqual(DESKTOP_VIEWPORT);
    expect(doc.markdown).toContain('Item 30');
  });

  it('hides automation signals with proxy "stealth"', async () => {
    const script = 'return [navigator.webdriver, navigator.userAgent.includes("Headless"), navigator.plugins.length > 0]';
    const plain = await scrape(`${site.url}/articles/minimal`, withBrowser({ actions: [{ type: 'executeJavascript', script }] }));
    const stealth = await scrape(
      `${site.url}/articles/minimal`,
      withBrowser({ proxy: 'stealth', actions: [{ type: 'executeJavascript', script }] }),
    );
    expect(plain.actions!.javascriptReturns[0]!.value).toEqual([true, false, expect.any(Boolean)]);
    expect(stealth.actions!.javascriptReturns[0]!.value).toEqual([false, false, true]);
  });

  it('hands non-HTML documents over as they came', async () => {
    const doc = await scrape(`${site.url}/data.json`, withBrowser({ engine: 'browser', formats: ['rawHtml'] }));
    expect(JSON.parse(doc.rawHtml!)).toEqual(fixtureJson);
  });

  it('fails clearly when a browser is needed and none is configured', async () => {
    await expect(scrape(`${site.url}/form`, { actions: [{ type: 'click', selector: '#search' }] })).rejects.toMatchObject({
      code: 'SCRAPE_ADAPTER_MISSING',
      message: expect.stringContaining('@trawl/browser-playwright'),
    });
    await expect(scrape(`${site.url}/form`, { engine: 'browser' })).rejects.toMatchObject({ code: 'SCRAPE_ADAPTER_MISSING' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBlockPageError, scrape } from '@trawl/core';
import { blockPhrases, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { createPlaywrightBrowser, type PlaywrightBrowser } from '../src/index.js';
import { chromiumChildren } from './helpers.js';

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

describe('the escalation ladder with a real Chromium', () => {
  it('gets past a JavaScript challenge that sets a cookie and reloads, which plain HTTP cannot', async () => {
    site.resetRequests();
    const doc = await scrape(`${site.url}/blocks/js-challenge`, { browser });
    expect(doc.markdown).toContain(blockPhrases.cleared);
    expect(doc.markdown).not.toContain(blockPhrases.challenge);
    expect(doc.metadata.statusCode).toBe(200);
    // HTTP, then the browser's challenge page, then its reload with the clearance cookie.
    const hits = site.requests.filter((r) => r.path === '/blocks/js-challenge');
    expect(hits.length).toBe(3);
    expect(hits[2]!.headers.cookie).toMatch(/cf_clearance=/);
  });

  it('waits for the challenge in the browser engine too', async () => {
    const doc = await scrape(`${site.url}/blocks/js-challenge`, { browser, engine: 'browser' });
    expect(doc.markdown).toContain(blockPhrases.cleared);
  });

  it('dismisses a consent wall with its reject button, then reads the page it hid', async () => {
    const doc = await scrape(`${site.url}/blocks/consent-wall`, { browser });
    expect(doc.markdown).toContain(blockPhrases.consented);
    expect(doc.markdown).not.toMatch(/We value your privacy/);
  });

  it('renders an app shell whose header and footer hold over 1,000 characters', async () => {
    const auto = await scrape(`${site.url}/blocks/app-shell`, { browser });
    expect(auto.markdown).toContain(blockPhrases.rendered);
    expect(auto.markdown).not.toContain('Loading…');
    expect(auto.warning).toBeUndefined();
    // engine "browser" used to read at `load`, before the app fetched its content.
    const rendered = await scrape(`${site.url}/blocks/app-shell`, { browser, engine: 'browser' });
    expect(rendered.markdown).toContain(blockPhrases.rendered);
  });

  it('fails a captcha the browser cannot solve, naming what was tried, with the hint of proxy auto', async () => {
    const error = await scrape(`${site.url}/blocks/perimeterx`, { browser }).catch((e: unknown) => e);
    expect(isBlockPageError(error) && error.blockPage).toMatchObject({ kind: 'captcha', vendor: 'perimeterx', tried: ['http', 'browser'] });
    expect(String((error as Error).message)).toMatch(/Tried: HTTP, then the browser\. proxy: "auto" retries through the stealth proxy/);
  });

  it('climbs to the stealth rung for proxy "auto" and gets past a check that refuses automated browsers', async () => {
    const basic = await scrape(`${site.url}/blocks/bot-check`, { browser }).catch((e: unknown) => e);
    expect(isBlockPageError(basic) && basic.blockPage).toMatchObject({
      kind: 'access-denied',
      vendor: 'cloudflare',
      tried: ['http', 'browser'],
    });
    const doc = await scrape(`${site.url}/blocks/bot-check`, { browser, proxy: 'auto' });
    expect(doc.markdown).toContain(blockPhrases.cleared);
    expect(doc.metadata.proxyUsed).toBe('stealth');
  });

  it('does not climb for a page no browser changes (a soft 404), and says proxyUsed basic for a page read on the first rung', async () => {
    site.resetRequests();
    await expect(scrape(`${site.url}/blocks/gone-astray`, { browser })).rejects.toMatchObject({ code: 'SCRAPE_PAGE_NOT_FOUND' });
    expect(site.hits('/blocks/gone-astray')).toBe(1);
    const doc = await scrape(`${site.url}/articles/minimal`, { browser, proxy: 'auto' });
    expect(doc.metadata.proxyUsed).toBe('basic');
  });
});

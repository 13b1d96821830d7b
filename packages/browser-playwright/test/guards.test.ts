import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrape, type ScrapeOptions } from '@trawl/core';
import { phrases, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { createPlaywrightBrowser, type PlaywrightBrowser } from '../src/index.js';
import { chromiumChildren, startServer, type CountingServer } from './helpers.js';

let site: FixtureSite;
let adServer: CountingServer;
let pageServer: CountingServer;
let browser: PlaywrightBrowser;

/** A host of the built-in list and one added through `blockedHosts`, both resolved by Chromium to the local ad server. */
const LISTED_AD_HOST = 'securepubads.g.doubleclick.net';
const EXTRA_AD_HOST = 'ads.trawl-fixture.test';

beforeAll(async () => {
  site = await startFixtureSite();
  adServer = await startServer((_req, res) => res.writeHead(200, { 'content-type': 'text/javascript' }).end('window.adLoaded = true;'));
  // Scripts, not images: without a screenshot the browser skips images anyway.
  pageServer = await startServer((req, res) => {
    const ads = `<script src="http://${LISTED_AD_HOST}:${adServer.port}/listed.js"></script><script src="http://${EXTRA_AD_HOST}:${adServer.port}/extra.js"></script>`;
    const internal = `<script src="http://localhost:${adServer.port}/internal.js"></script>`;
    const body = req.url === '/internal' ? internal : ads;
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end(`<html><body><h1>Harbour news</h1><p>${'Tides and boats. '.repeat(20)}</p>${body}</body></html>`);
  });
  browser = createPlaywrightBrowser({
    maxConcurrentPages: 2,
    blockedHosts: [EXTRA_AD_HOST],
    launchArgs: [`--host-resolver-rules=MAP ${LISTED_AD_HOST} 127.0.0.1, MAP ${EXTRA_AD_HOST} 127.0.0.1`],
  });
});

afterAll(async () => {
  await browser.close();
  await Promise.all([site.close(), adServer.close(), pageServer.close()]);
  expect(chromiumChildren()).toEqual([]);
});

const inBrowser = (options: ScrapeOptions = {}): ScrapeOptions => ({ browser, engine: 'browser', ...options });

describe('blockAds', () => {
  it('sends no request to ad hosts of the built-in list or of blockedHosts', async () => {
    adServer.hits.length = 0;
    const doc = await scrape(`${pageServer.url}/`, inBrowser());
    expect(doc.markdown).toContain('Harbour news');
    expect(adServer.hits).toEqual([]);
  });

  it('lets them through when blockAds is false (the ad server is reachable)', async () => {
    adServer.hits.length = 0;
    await scrape(`${pageServer.url}/`, inBrowser({ blockAds: false }));
    expect(adServer.hits.sort()).toEqual(['/extra.js', '/listed.js']);
  });

  it('skips images when no screenshot is taken, and loads them for one', async () => {
    site.resetRequests();
    await scrape(`${site.url}/articles/boilerplate`, inBrowser({ blockAds: false }));
    expect(site.requests.filter((r) => r.path.startsWith('/img/'))).toEqual([]);
    await scrape(`${site.url}/articles/boilerplate`, inBrowser({ blockAds: false, formats: ['screenshot'] }));
    expect(site.requests.filter((r) => r.path.startsWith('/img/')).length).toBeGreaterThan(0);
  });

  it('hides cookie banners from the content', async () => {
    const blocked = await scrape(`${site.url}/articles/boilerplate`, inBrowser({ onlyMainContent: false }));
    const shown = await scrape(`${site.url}/articles/boilerplate`, inBrowser({ onlyMainContent: false, blockAds: false }));
    expect(shown.markdown).toContain(phrases.cookie);
    expect(blocked.markdown).not.toContain(phrases.cookie);
    expect(blocked.markdown).toContain(phrases.articleLead);
  });
});

describe('SSRF policy in the browser', () => {
  const loopbackOnly = { blockPrivateNetworks: true, allowHosts: ['127.0.0.1'] };

  it('refuses a private target before starting the browser', async () => {
    site.resetRequests();
    await expect(scrape(`${site.url}/articles/minimal`, inBrowser({ ssrf: true }))).rejects.toMatchObject({ code: 'SCRAPE_BLOCKED_URL' });
    expect(site.requests).toHaveLength(0);
  });

  it('refuses subresources on non-public addresses, and loads the page', async () => {
    adServer.hits.length = 0;
    const doc = await scrape(`${pageServer.url}/internal`, inBrowser({ ssrf: loopbackOnly }));
    expect(doc.markdown).toContain('Harbour news');
    expect(adServer.hits).toEqual([]);
    await scrape(`${pageServer.url}/internal`, inBrowser());
    expect(adServer.hits).toEqual(['/internal.js']);
  });

  it('refuses a redirect to a non-public address', async () => {
    site.resetRequests();
    const target = encodeURIComponent(`http://localhost:${site.port}/articles/minimal`);
    await expect(scrape(`${site.url}/redirect/to?url=${target}`, inBrowser({ ssrf: loopbackOnly }))).rejects.toMatchObject({
      code: 'SCRAPE_BLOCKED_URL',
    });
    expect(site.hits('/redirect/to')).toBe(1);
    expect(site.hits('/articles/minimal')).toBe(0);
  });

  it('follows the same redirect when private networks are allowed', async () => {
    const target = encodeURIComponent(`http://localhost:${site.port}/articles/minimal`);
    const doc = await scrape(`${site.url}/redirect/to?url=${target}`, inBrowser());
    expect(doc.metadata.url).toBe(`http://localhost:${site.port}/articles/minimal`);
    expect(doc.markdown).toContain(phrases.minimal);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrape, type ScrapeOptions } from '@trawl/core';
import { phrases, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { createPlaywrightBrowser, type PlaywrightBrowser } from '../src/index.js';
import { chromiumChildren, startEscapingPages, startRecordingProxy, type CountingServer, type RecordingProxy } from './helpers.js';

let site: FixtureSite;
let pageServer: CountingServer;
let upstream: RecordingProxy;
let browser: PlaywrightBrowser;

const CREDENTIALS = `Basic ${Buffer.from('scraper:p@ss').toString('base64')}`;

beforeAll(async () => {
  site = await startFixtureSite();
  upstream = await startRecordingProxy();
  pageServer = await startEscapingPages(site.port, { refused: 'localhost', allowed: '127.0.0.1' });
  browser = createPlaywrightBrowser({
    maxConcurrentPages: 1,
    proxies: { basic: { server: upstream.server, username: 'scraper', password: 'p@ss' } },
  });
});

afterAll(async () => {
  await browser.close();
  await Promise.all([site.close(), pageServer.close(), upstream.close()]);
  expect(chromiumChildren()).toEqual([]);
});

// The fixture servers are on 127.0.0.1, so that host is allowed; `localhost` stays refused.
const guarded = (options: ScrapeOptions = {}): ScrapeOptions => ({
  browser,
  engine: 'browser',
  proxy: 'basic',
  ssrf: { blockPrivateNetworks: true, allowHosts: ['127.0.0.1'] },
  ...options,
});
/** Targets (absolute URLs or CONNECT authorities) whose host is `localhost`. */
const askedForLocalhost = () => upstream.targets.filter((target) => /^(http:\/\/)?localhost:/.test(target));

describe('the SSRF guard chained to an upstream proxy', () => {
  it('loads an allowed page through the upstream proxy, with its credentials', async () => {
    upstream.targets.length = 0;
    const doc = await scrape(`${site.url}/articles/minimal`, guarded());
    expect(doc.markdown).toContain(phrases.minimal);
    expect(upstream.targets).toContain(`${site.url}/articles/minimal`);
    expect(new Set(upstream.authorizations)).toEqual(new Set([CREDENTIALS]));
  });

  it('refuses a redirect to loopback before it reaches the upstream proxy', async () => {
    upstream.targets.length = 0;
    site.resetRequests();
    const target = encodeURIComponent(`http://localhost:${site.port}/articles/minimal`);
    await expect(scrape(`${site.url}/redirect/to?url=${target}`, guarded())).rejects.toMatchObject({ code: 'SCRAPE_BLOCKED_URL' });
    expect(upstream.targets).toContain(`${site.url}/redirect/to?url=${target}`);
    expect(askedForLocalhost()).toEqual([]);
    expect(site.hits('/articles/minimal')).toBe(0);
  });

  it('refuses a JavaScript navigation to loopback', async () => {
    upstream.targets.length = 0;
    site.resetRequests();
    await expect(scrape(`${pageServer.url}/js`, guarded())).rejects.toMatchObject({ code: 'SCRAPE_BLOCKED_URL' });
    expect(upstream.targets).toContain(`${pageServer.url}/js`);
    expect(askedForLocalhost()).toEqual([]);
    expect(site.hits('/articles/minimal')).toBe(0);
  });

  it('tunnels allowed WebSockets through the upstream with CONNECT and refuses loopback ones', async () => {
    upstream.targets.length = 0;
    const doc = await scrape(`${pageServer.url}/sockets`, guarded({ waitFor: 1000 }));
    expect(doc.markdown).toContain('Harbour news');
    expect(upstream.targets).toContain(`127.0.0.1:${site.port}`);
    expect(askedForLocalhost()).toEqual([]);
  });

  it('sends the same redirect through the upstream when private networks are allowed', async () => {
    upstream.targets.length = 0;
    const target = `http://localhost:${site.port}/articles/minimal`;
    const doc = await scrape(`${site.url}/redirect/to?url=${encodeURIComponent(target)}`, guarded({ ssrf: false }));
    expect(doc.markdown).toContain(phrases.minimal);
    expect(upstream.targets).toContain(target);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrape, type ScrapeOptions } from '@trawl/core';
import { phrases, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { createPlaywrightBrowser, type PlaywrightBrowser } from '../src/index.js';
import { chromiumChildren, startEscapingPages, startSocksProxy, type CountingServer, type RecordingSocksProxy } from './helpers.js';

let site: FixtureSite;
let pageServer: CountingServer;
let upstream: RecordingSocksProxy;
let browser: PlaywrightBrowser;

beforeAll(async () => {
  site = await startFixtureSite();
  upstream = await startSocksProxy({ username: 'scraper', password: 'p@ss' });
  pageServer = await startEscapingPages(site.port, { refused: '127.0.0.1', allowed: 'localhost' });
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

// The sites are reached as `localhost`, the one host allowed; 127.0.0.1 itself stays refused.
const local = (url: string) => url.replace('127.0.0.1', 'localhost');
const guarded = (options: ScrapeOptions = {}): ScrapeOptions => ({
  browser,
  engine: 'browser',
  proxy: 'basic',
  ssrf: { blockPrivateNetworks: true, allowHosts: ['localhost'] },
  ...options,
});
/** CONNECT targets the SOCKS upstream was asked for on 127.0.0.1. */
const askedForLoopbackIp = () => upstream.targets.filter((target) => target.startsWith('127.0.0.1:'));

describe('the SSRF guard chained to a socks5:// upstream proxy', () => {
  it('loads an allowed page through the SOCKS upstream, which Chromium cannot authenticate to, with its credentials', async () => {
    upstream.targets.length = 0;
    upstream.users.length = 0;
    const doc = await scrape(`${local(site.url)}/articles/minimal`, guarded());
    expect(doc.markdown).toContain(phrases.minimal);
    expect(upstream.targets).toContain(`localhost:${site.port}`);
    expect(upstream.users.length).toBeGreaterThan(0);
    expect(new Set(upstream.users)).toEqual(new Set(['scraper']));
  });

  it('refuses a redirect to 127.0.0.1 before it reaches the SOCKS upstream', async () => {
    upstream.targets.length = 0;
    site.resetRequests();
    const target = encodeURIComponent(`http://127.0.0.1:${site.port}/articles/minimal`);
    await expect(scrape(`${local(site.url)}/redirect/to?url=${target}`, guarded())).rejects.toMatchObject({ code: 'SCRAPE_BLOCKED_URL' });
    // The redirect itself came through the upstream; its target never did.
    expect(upstream.targets).toContain(`localhost:${site.port}`);
    expect(askedForLoopbackIp()).toEqual([]);
    expect(site.hits('/articles/minimal')).toBe(0);
  });

  it('refuses a JavaScript navigation to 127.0.0.1', async () => {
    upstream.targets.length = 0;
    site.resetRequests();
    await expect(scrape(`${local(pageServer.url)}/js`, guarded())).rejects.toMatchObject({ code: 'SCRAPE_BLOCKED_URL' });
    expect(upstream.targets).toContain(`localhost:${pageServer.port}`);
    expect(askedForLoopbackIp()).toEqual([]);
    expect(site.hits('/articles/minimal')).toBe(0);
  });

  it('tunnels allowed WebSockets through the SOCKS upstream and refuses loopback ones', async () => {
    upstream.targets.length = 0;
    const doc = await scrape(`${local(pageServer.url)}/sockets`, guarded({ waitFor: 1000 }));
    expect(doc.markdown).toContain('Harbour news');
    expect(upstream.targets.filter((target) => target === `localhost:${site.port}`).length).toBeGreaterThan(0);
    expect(askedForLoopbackIp()).toEqual([]);
  });

  it('sends the same redirect through the SOCKS upstream when private networks are allowed', async () => {
    upstream.targets.length = 0;
    const target = `http://127.0.0.1:${site.port}/articles/minimal`;
    const doc = await scrape(`${local(site.url)}/redirect/to?url=${encodeURIComponent(target)}`, guarded({ ssrf: false }));
    expect(doc.markdown).toContain(phrases.minimal);
    expect(askedForLoopbackIp()).toEqual([`127.0.0.1:${site.port}`]);
  });
});

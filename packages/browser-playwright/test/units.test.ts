import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveScrapeOptions, OPEN_POLICY, STRICT_POLICY } from '@trawl/core';
import {
  acceptLanguage,
  builtInAdHosts,
  countryProfile,
  fileScreenshotSink,
  hostMatcher,
  parseHostList,
  proxyFromUrl,
} from '../src/index.js';
import { planContext, parseCookieHeader } from '../src/context-plan.js';
import { bypassesUpstream, chainableUpstream } from '../src/upstream-proxy.js';
import { fitSize } from '../src/screenshot-size.js';

describe('ad host list', () => {
  it('ships a list that matches hosts and their subdomains only', () => {
    const matcher = hostMatcher(builtInAdHosts());
    expect(matcher.size).toBeGreaterThan(100);
    expect(matcher.matches('securepubads.g.doubleclick.net')).toBe(true);
    expect(matcher.matches('www.google-analytics.com')).toBe(true);
    expect(matcher.matches('notdoubleclick.net')).toBe(false);
    expect(matcher.matches('example.com')).toBe(false);
  });

  it('reads hosts files, plain lists and ||host^ rules', () => {
    expect(
      parseHostList('0.0.0.0 ads.example.com\n# note\n||track.example.org^$third-party\nplain.example.net\n! comment\n/ad-path/'),
    ).toEqual(['ads.example.com', 'track.example.org', 'plain.example.net']);
  });
});

describe('context plan', () => {
  const request = (input: Parameters<typeof resolveScrapeOptions>[0], policy = OPEN_POLICY) => ({
    url: 'https://example.com/a',
    options: resolveScrapeOptions(input),
    policy,
  });
  const settings = { defaultUserAgent: 'Mozilla/5.0 Chrome/1' };

  it('turns a location into timezone, geolocation, locale and Accept-Language', () => {
    const plan = planContext(request({ location: { country: 'JP' } }), settings);
    expect(plan.options).toMatchObject({ timezoneId: 'Asia/Tokyo', locale: 'ja-JP', permissions: ['geolocation'] });
    expect(plan.everyRequestHeaders['accept-language']).toBe('ja-JP,ja;q=0.9');
    expect(planContext(request({ location: { country: 'ZZ' } }), settings).warnings[0]).toMatch(/"ZZ" is not in/);
  });

  it('keeps cookies and user agent out of the forwarded headers', () => {
    const plan = planContext(request({ headers: { Cookie: 'a=1; b=2', 'User-Agent': 'Mine/1', 'X-Key': 'k' } }), settings);
    expect(plan.cookies).toEqual(parseCookieHeader('a=1; b=2', 'https://example.com/a'));
    expect(plan.options.userAgent).toBe('Mine/1');
    expect(plan.siteHeaders).toEqual({ 'x-key': 'k' });
  });

  it('needs the guard proxy whenever private networks are blocked, chained to an http:// or socks5:// upstream', () => {
    expect(planContext(request({}, STRICT_POLICY), settings).needsGuardProxy).toBe(true);
    expect(planContext(request({}), settings).needsGuardProxy).toBe(false);
    const proxied = planContext(request({ proxy: 'stealth' }, STRICT_POLICY), {
      ...settings,
      proxies: { basic: { server: 'http://proxy:8080' } },
    });
    expect(proxied).toMatchObject({ stealth: true, needsGuardProxy: true, upstreamProxy: { server: 'http://proxy:8080' } });
    const socks = planContext(request({ proxy: 'basic' }, STRICT_POLICY), {
      ...settings,
      proxies: { basic: { server: 'socks5://proxy:1080' } },
    });
    expect(socks).toMatchObject({ needsGuardProxy: true, upstreamProxy: { server: 'socks5://proxy:1080' } });
    // A kind the guard cannot chain to is used directly, unguarded.
    const socks4 = planContext(request({ proxy: 'basic' }, STRICT_POLICY), {
      ...settings,
      proxies: { basic: { server: 'socks4://proxy:1080' } },
    });
    expect(socks4).toMatchObject({ needsGuardProxy: false, options: { proxy: { server: 'socks4://proxy:1080' } } });
    // Chromium cannot send SOCKS5 credentials: the guard does, whatever the policy.
    const withCredentials = { ...settings, proxies: { basic: { server: 'socks5://proxy:1080', username: 'u', password: 'p' } } };
    expect(planContext(request({ proxy: 'basic' }), withCredentials).needsGuardProxy).toBe(true);
    expect(
      planContext(request({ proxy: 'basic' }), { ...settings, proxies: { basic: { server: 'socks5://proxy:1080' } } }).needsGuardProxy,
    ).toBe(false);
  });

  it('reads an upstream proxy for the guard: credentials, bypass list, http:// and socks5:// only', () => {
    const upstream = chainableUpstream({
      server: 'http://10.0.0.5:3128',
      username: 'u',
      password: 'p@ss',
      bypass: 'intranet.test, .corp.test,*.lan',
    })!;
    expect(upstream).toEqual({
      protocol: 'http',
      host: '10.0.0.5',
      port: 3128,
      authorization: `Basic ${Buffer.from('u:p@ss').toString('base64')}`,
      bypass: ['intranet.test', '.corp.test', '*.lan'],
    });
    expect(['intranet.test', 'a.corp.test', 'corp.test', 'box.lan', 'example.com'].map((host) => bypassesUpstream(upstream, host))).toEqual(
      [true, true, true, true, false],
    );
    expect(chainableUpstream({ server: 'socks5://10.0.0.5', username: 'u', password: 'p@ss' })).toEqual({
      protocol: 'socks5',
      host: '10.0.0.5',
      port: 1080,
      username: 'u',
      password: 'p@ss',
      bypass: [],
    });
    expect(chainableUpstream({ server: 'socks4://10.0.0.5:1080' })).toBeUndefined();
  });

  it('reads proxy URLs and builds Accept-Language lists', () => {
    expect(proxyFromUrl('http://user:p%40ss@proxy.local:3128')).toEqual({
      server: 'http://proxy.local:3128',
      username: 'user',
      password: 'p@ss',
    });
    expect(acceptLanguage(['fr-CH', 'fr', 'en-US'])).toBe('fr-CH,fr;q=0.9,en-US;q=0.8,en;q=0.7');
    expect(countryProfile('us')?.timezoneId).toBe('America/New_York');
  });
});

describe('full-page screenshot size', () => {
  it('keeps a page that fits whole, and cuts a larger one to its top within the side and pixel bounds', () => {
    expect(fitSize(1280, 9000, 1)).toEqual({});
    expect(fitSize(7680, 100_000, 1).clip).toEqual({ x: 0, y: 0, width: 7680, height: 7680 });
    // A narrow page may be as tall as Chromium's largest texture.
    expect(fitSize(800, 100_000, 1).clip).toEqual({ x: 0, y: 0, width: 800, height: 16_384 });
    // Device pixels count: at a ratio of 2 the page's CSS size is halved.
    expect(fitSize(800, 100_000, 2).clip).toEqual({ x: 0, y: 0, width: 800, height: 8192 });
    expect(fitSize(20_000, 500, 1).clip).toEqual({ x: 0, y: 0, width: 16_384, height: 500 });
    expect(fitSize(7680, 100_000, 1).warning).toMatch(/top 7680×7680 CSS pixels of a 7680×100000 page/);
  });
});

describe('fileScreenshotSink', () => {
  it("stores PNGs, JPEGs and pdf actions' prints under random names and serves them back", async () => {
    const directory = await mkdtemp(join(tmpdir(), 'trawl-shots-'));
    const sink = fileScreenshotSink({ directory, baseUrl: 'http://127.0.0.1/screenshots/' });
    const server = createServer((req, res) => sink.serve(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const data = Buffer.from('89504e470d0a1a0a', 'hex');
      const url = await sink.store({ data, mimeType: 'image/png', pageUrl: 'https://example.com/' });
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1\/screenshots\/[0-9a-f-]{36}\.png$/);
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const served = await fetch(`${base}/screenshots/${url.split('/').pop()}`);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await served.arrayBuffer())).toEqual(data);
      expect((await fetch(`${base}/screenshots/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
      // A JPEG (a screenshot with a quality) is stored and served as one.
      const jpeg = Buffer.from('ffd8ffe0', 'hex');
      const jpegUrl = await sink.store({ data: jpeg, mimeType: 'image/jpeg', pageUrl: 'https://example.com/' });
      expect(jpegUrl).toMatch(/^http:\/\/127\.0\.0\.1\/screenshots\/[0-9a-f-]{36}\.jpg$/);
      const servedJpeg = await fetch(`${base}/screenshots/${jpegUrl.split('/').pop()}`);
      expect(servedJpeg.headers.get('content-type')).toBe('image/jpeg');
      expect(Buffer.from(await servedJpeg.arrayBuffer())).toEqual(jpeg);
      // A pdf action's print is stored beside them and served as a PDF.
      const pdf = Buffer.from('%PDF-1.4\n');
      const pdfUrl = await sink.store({ data: pdf, mimeType: 'application/pdf', pageUrl: 'https://example.com/' });
      expect(pdfUrl).toMatch(/^http:\/\/127\.0\.0\.1\/screenshots\/[0-9a-f-]{36}\.pdf$/);
      const servedPdf = await fetch(`${base}/screenshots/${pdfUrl.split('/').pop()}`);
      expect(servedPdf.headers.get('content-type')).toBe('application/pdf');
      expect(Buffer.from(await servedPdf.arrayBuffer())).toEqual(pdf);
      expect(await readdir(directory)).toHaveLength(3);
    } finally {
      server.close();
      await rm(directory, { recursive: true, force: true });
    }
  });
});

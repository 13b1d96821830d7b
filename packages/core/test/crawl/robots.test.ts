import { startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpResourceFetcher } from '../../src/crawl/http-resource-fetcher.js';
import type { ResourceFetcher } from '../../src/crawl/fetcher.js';
import { createRobotsPolicy } from '../../src/crawl/robots.js';
import { OPEN_POLICY } from '../../src/url/ssrf.js';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite({ crawlDelay: 2 });
});
afterAll(() => site.close());

// The fetcher a crawl reads robots.txt with (crawl/job-context.ts), with no SSRF guard for the loopback site.
const basic = httpResourceFetcher({ timeout: 2000 }, OPEN_POLICY);

/** Serves robots.txt from another path of the fixture site, to get a status the site's /robots.txt never has. */
function robotsFrom(path: string): ResourceFetcher {
  return (url, init) => basic(url.endsWith('/robots.txt') ? url.replace(/\/robots\.txt$/, path) : url, init);
}

describe('createRobotsPolicy', () => {
  it('fetches robots.txt once per origin, even for many concurrent callers', async () => {
    site.resetRequests();
    const robots = createRobotsPolicy({ fetcher: basic });
    const urls = Array.from({ length: 25 }, (_, i) => `${site.url}/crawl/page-${i}`);
    const verdicts = await Promise.all(urls.map((url) => robots.isAllowed(url)));
    expect(verdicts.every(Boolean)).toBe(true);
    await robots.isAllowed(`${site.url}/private/x`);
    await robots.crawlDelay(`${site.url}/`);
    expect(site.hits('/robots.txt')).toBe(1);
  });

  it('refuses disallowed URLs and allows the rest', async () => {
    const robots = createRobotsPolicy({ fetcher: basic });
    expect(await robots.isAllowed(`${site.url}/private/secret`)).toBe(false);
    expect(await robots.isAllowed(`${site.url}/crawl/blocked`)).toBe(false);
    expect(await robots.isAllowed(`${site.url}/crawl/blocked?x=1`)).toBe(false);
    // `Disallow: /private/` also covers the directory URL without its slash.
    expect(await robots.isAllowed(`${site.url}/private`)).toBe(false);
    expect(await robots.isAllowed(`${site.url}/crawl/a`)).toBe(true);
    expect(await robots.isAllowed(`${site.url}/privateer`)).toBe(true);
    expect(await robots.status(site.url)).toBe('fetched');
  });

  it('reads Crawl-delay and absolute Sitemap: URLs', async () => {
    const robots = createRobotsPolicy({ fetcher: basic });
    expect(await robots.crawlDelay(`${site.url}/any`)).toBe(2);
    expect(await robots.sitemaps(site.url)).toEqual([`${site.url}/sitemap_index.xml`]);
  });

  it('matches the group of its own user-agent token, case-insensitively', async () => {
    const custom = await startFixtureSite({
      robotsTxt: [
        'User-agent: trawlbot',
        'Disallow: /only-for-trawl',
        '',
        'User-agent: *',
        'Disallow: /',
        'Sitemap: /relative-sitemap.xml',
      ].join('\n'),
    });
    try {
      const ours = createRobotsPolicy({ fetcher: basic, userAgent: 'TrawlBot' });
      expect(await ours.isAllowed(`${custom.url}/page`)).toBe(true);
      expect(await ours.isAllowed(`${custom.url}/only-for-trawl/x`)).toBe(false);
      const other = createRobotsPolicy({ fetcher: basic, userAgent: 'OtherBot' });
      expect(await other.isAllowed(`${custom.url}/page`)).toBe(false);
      expect(await ours.sitemaps(custom.url)).toEqual([`${custom.url}/relative-sitemap.xml`]);
    } finally {
      await custom.close();
    }
  });

  it('sends the configured User-Agent header when fetching robots.txt', async () => {
    site.resetRequests();
    await createRobotsPolicy({ fetcher: basic, requestUserAgent: 'TrawlBot/9 (test)' }).isAllowed(`${site.url}/`);
    expect(site.requests.find((r) => r.path === '/robots.txt')?.headers['user-agent']).toBe('TrawlBot/9 (test)');
  });

  it('treats a 4xx robots.txt as "no rules": everything allowed', async () => {
    for (const status of [404, 403, 410]) {
      const robots = createRobotsPolicy({ fetcher: robotsFrom(`/status/${status}`) });
      expect(await robots.isAllowed(`${site.url}/private/secret`)).toBe(true);
      expect(await robots.status(site.url)).toBe('missing');
      expect(await robots.sitemaps(site.url)).toEqual([]);
    }
  });

  it('treats 5xx, 429 and network failures as disallow-all (RFC 9309), or allow when configured', async () => {
    for (const path of ['/status/503', '/status/500', '/status/429']) {
      const robots = createRobotsPolicy({ fetcher: robotsFrom(path) });
      expect(await robots.isAllowed(`${site.url}/crawl/a`)).toBe(false);
      expect(await robots.status(site.url)).toBe('unreachable');
    }
    const closed = await startFixtureSite();
    await closed.close();
    expect(await createRobotsPolicy({ fetcher: basic }).isAllowed(`${closed.url}/x`)).toBe(false);
    expect(await createRobotsPolicy({ fetcher: basic, whenUnreachable: 'allow' }).isAllowed(`${closed.url}/x`)).toBe(true);
  });

  it('fetches again once an unreachable verdict expires', async () => {
    site.resetRequests();
    const robots = createRobotsPolicy({ fetcher: robotsFrom('/status/503'), unreachableTtlMs: 100 });
    await robots.isAllowed(`${site.url}/a`);
    await robots.isAllowed(`${site.url}/b`);
    expect(site.hits('/status/503')).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 150));
    await Promise.all([robots.isAllowed(`${site.url}/c`), robots.isAllowed(`${site.url}/d`)]);
    expect(site.hits('/status/503')).toBe(2);
  });

  it('keeps origins apart: rules of one never apply to another', async () => {
    const other = await startFixtureSite({ robotsTxt: 'User-agent: *\nDisallow:\n' });
    try {
      const robots = createRobotsPolicy({ fetcher: basic });
      expect(await robots.isAllowed(`${site.url}/private/x`)).toBe(false);
      expect(await robots.isAllowed(`${other.url}/private/x`)).toBe(true);
      expect(other.hits('/robots.txt')).toBe(1);
    } finally {
      await other.close();
    }
  });

  it('forgets the least recently used origin beyond maxOrigins', async () => {
    const other = await startFixtureSite();
    try {
      site.resetRequests();
      const robots = createRobotsPolicy({ fetcher: basic, maxOrigins: 1 });
      await robots.isAllowed(`${site.url}/a`);
      await robots.isAllowed(`${other.url}/a`);
      await robots.isAllowed(`${site.url}/b`);
      expect(site.hits('/robots.txt')).toBe(2);
    } finally {
      await other.close();
    }
  });

  it('does not fetch anything with ignoreRobots', async () => {
    site.resetRequests();
    const robots = createRobotsPolicy({ fetcher: basic, ignoreRobots: true });
    expect(await robots.isAllowed(`${site.url}/private/secret`)).toBe(true);
    expect(await robots.crawlDelay(site.url)).toBeUndefined();
    expect(await robots.sitemaps(site.url)).toEqual([]);
    expect(site.hits('/robots.txt')).toBe(0);
  });
});

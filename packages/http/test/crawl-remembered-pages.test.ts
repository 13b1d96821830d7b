import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteStore } from '@trawl/store-sqlite';
import { changingPageHtml, INITIAL_CHANGING_PAGE, startFixtureSite, type ChangingPage, type FixtureSite } from '@trawl/testkit';
import Firecrawl from 'firecrawl-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './helpers/api-server.js';

/**
 * A crawl with changeTracking reports, as Firecrawl does, the pages an earlier crawl of the site
 * found and this one no longer reaches: fetched again, `visibility: "hidden"`, and `removed` when
 * they answer 404 or 410. On a SQLite file store, through the 4.x SDK (v2) and v1's body.
 */
const dir = mkdtempSync(join(tmpdir(), 'trawl-remembered-'));
const pages = new Map<string, ChangingPage>();
const store = createSqliteStore({ path: join(dir, 'trawl.db') });
let site: FixtureSite;
let api: TestApi;
let app: Firecrawl;

const hub = (links: string[]) =>
  `<!doctype html><html><head><title>Hub</title></head><body><main><h1>Products</h1><ul>${links
    .map((path) => `<li><a href="${path}">${path}</a></li>`)
    .join('')}</ul><p>Every product we sell, listed on one page for the crawl to find.</p></main></body></html>`;
const product = (price: string) => ({ status: 200, html: changingPageHtml({ ...INITIAL_CHANGING_PAGE, price }) });

beforeAll(async () => {
  site = await startFixtureSite({ changingPages: pages });
  api = await startApi({ store, auth: { 'fc-site': 'site-team' } });
  app = new Firecrawl({ apiKey: 'fc-site', apiUrl: api.url });
});
afterAll(async () => {
  await api?.close();
  await store.close();
  await site?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Each crawled page as `path: changeStatus/visibility`. */
function statuses(documents: Array<{ metadata?: { sourceURL?: string; url?: string }; changeTracking?: unknown }>): Record<string, string> {
  return Object.fromEntries(
    documents.map((document) => {
      const tracking = document.changeTracking as { changeStatus: string; visibility: string };
      return [new URL(document.metadata!.sourceURL ?? document.metadata!.url!).pathname, `${tracking.changeStatus}/${tracking.visibility}`];
    }),
  );
}

describe('remembered pages of a change-tracking crawl', () => {
  it('v2: a page no longer linked is hidden, a gone one removed once; another tag remembers nothing', async () => {
    const [hubPath, a, b, c] = ['/changing/rh-hub', '/changing/rh-a', '/changing/rh-b', '/changing/rh-c'];
    pages.set(hubPath, { status: 200, html: hub([a!, b!, c!]) });
    for (const path of [a!, b!, c!]) pages.set(path, product('$10.00'));
    const crawl = (tag: string) =>
      app.crawl(`${site.url}${hubPath}`, {
        limit: 10,
        sitemap: 'skip',
        crawlEntireDomain: true,
        scrapeOptions: { formats: ['markdown', { type: 'changeTracking', modes: ['git-diff'], tag }] },
        pollInterval: 0.2,
      });

    expect(statuses((await crawl('shop')).data)).toEqual({
      [hubPath]: 'new/visible',
      [a!]: 'new/visible',
      [b!]: 'new/visible',
      [c!]: 'new/visible',
    });

    // b is still there but nothing links to it; c is gone.
    pages.set(hubPath, { status: 200, html: hub([a!]) });
    pages.set(b!, product('$12.00'));
    pages.set(c!, { status: 404 });
    const second = await crawl('shop');
    expect(statuses(second.data)).toEqual({
      [hubPath]: 'changed/visible',
      [a!]: 'same/visible',
      [b!]: 'changed/hidden',
      [c!]: 'removed/hidden',
    });
    const gone = second.data.find((document) => document.metadata?.sourceURL?.endsWith(c!));
    expect(gone?.metadata?.statusCode).toBe(404);
    const hidden = second.data.find((document) => document.metadata?.sourceURL?.endsWith(b!));
    expect((hidden?.changeTracking as { diff?: { text: string } } | undefined)?.diff?.text).toContain('+Price: **$12.00**');

    // Still hidden while it stays unlinked; a page reported removed is not fetched again.
    const fetchesOfC = site.requests.filter((request) => request.path === c).length;
    expect(statuses((await crawl('shop')).data)).toEqual({ [hubPath]: 'same/visible', [a!]: 'same/visible', [b!]: 'same/hidden' });
    expect(site.requests.filter((request) => request.path === c).length).toBe(fetchesOfC);

    // Another tag is another history: it remembers no earlier crawl.
    expect(statuses((await crawl('other')).data)).toEqual({ [hubPath]: 'new/visible', [a!]: 'new/visible' });
  });

  it('v1: the crawl status carries the remembered pages too', async () => {
    const [hubPath, a, b] = ['/changing/rh1-hub', '/changing/rh1-a', '/changing/rh1-b'];
    pages.set(hubPath, { status: 200, html: hub([a!, b!]) });
    for (const path of [a!, b!]) pages.set(path, product('$10.00'));
    const crawl = async (): Promise<Array<Record<string, any>>> => {
      const started = await api.request('POST', '/v1/crawl', {
        token: 'fc-site',
        body: {
          url: `${site.url}${hubPath}`,
          limit: 10,
          ignoreSitemap: true,
          crawlEntireDomain: true,
          scrapeOptions: { formats: ['markdown', 'changeTracking'], changeTrackingOptions: { tag: 'v1-shop' } },
        },
      });
      expect(started.status).toBe(200);
      const done = await api.waitForJob(`/v1/crawl/${started.body.id}`, 'fc-site');
      expect(done.body.status).toBe('completed');
      return done.body.data;
    };
    expect(statuses(await crawl())).toEqual({ [hubPath]: 'new/visible', [a!]: 'new/visible', [b!]: 'new/visible' });
    pages.set(hubPath, { status: 200, html: hub([a!]) });
    pages.set(b!, { status: 410 });
    expect(statuses(await crawl())).toEqual({ [hubPath]: 'changed/visible', [a!]: 'same/visible', [b!]: 'removed/hidden' });
  });
});

import { createPlaywrightBrowser, type PlaywrightBrowser } from '@trawl/browser-playwright';
import { dataUrlImage, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import Firecrawl from 'firecrawl-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './helpers/api-server.js';

/** v2 screenshot formats and actions with quality and viewport, through the 4.x SDK, on a real Chromium. */
let site: FixtureSite;
let browser: PlaywrightBrowser;
let api: TestApi;
let app: Firecrawl;

beforeAll(async () => {
  site = await startFixtureSite();
  browser = createPlaywrightBrowser({ maxConcurrentPages: 1 });
  api = await startApi({ auth: { 'fc-shots': 'shots' }, browser });
  app = new Firecrawl({ apiKey: 'fc-shots', apiUrl: api.url });
});
afterAll(async () => {
  await api?.close();
  await browser?.close();
  await site?.close();
});

const article = () => `${site.url}/articles/boilerplate`;

/** The SDK types `actions` as a plain record; Trawl fills it as v1 does. */
interface ActionResults {
  screenshots: string[];
  javascriptReturns: Array<{ type: string; value: unknown }>;
}
const actionsOf = (doc: { actions?: Record<string, unknown> }) => doc.actions as unknown as ActionResults;

describe('@mendable/firecrawl-js 4.x screenshots', () => {
  it('a screenshot format with a viewport and quality is a JPEG of that size; a lower quality is smaller', async () => {
    const viewport = { width: 800, height: 600 };
    const fine = await app.scrape(article(), { formats: [{ type: 'screenshot', quality: 90, viewport }] });
    const coarse = await app.scrape(article(), { formats: [{ type: 'screenshot', quality: 15, viewport }] });
    const sharp = dataUrlImage(fine.screenshot!);
    const rough = dataUrlImage(coarse.screenshot!);
    expect(sharp).toMatchObject({ type: 'jpeg', ...viewport });
    expect(rough).toMatchObject({ type: 'jpeg', ...viewport });
    expect(rough.bytes.byteLength).toBeLessThan(sharp.bytes.byteLength);
    expect(fine.warning).toBeUndefined();
  });

  it('a viewport alone gives a PNG of that size, and the page was laid out at it; the next scrape has the usual viewport', async () => {
    const doc = await app.scrape(article(), {
      formats: [{ type: 'screenshot', viewport: { width: 375, height: 700 } }],
      actions: [{ type: 'executeJavascript', script: 'return innerWidth' }],
    });
    expect(dataUrlImage(doc.screenshot!)).toMatchObject({ type: 'png', width: 375, height: 700 });
    expect(actionsOf(doc).javascriptReturns[0]).toMatchObject({ value: 375 });
    const plain = await app.scrape(article(), { formats: ['screenshot'] });
    expect(dataUrlImage(plain.screenshot!)).toMatchObject({ type: 'png', width: 1280, height: 800 });
  });

  it('a full-page screenshot with a viewport keeps its width', async () => {
    const doc = await app.scrape(`${site.url}/tall`, {
      formats: [{ type: 'screenshot', fullPage: true, quality: 60, viewport: { width: 600, height: 400 } }],
    });
    const image = dataUrlImage(doc.screenshot!);
    expect(image).toMatchObject({ type: 'jpeg', width: 600 });
    expect(image.height).toBeGreaterThan(400);
  });

  it('a screenshot action takes its own quality and viewport', async () => {
    const doc = await app.scrape(article(), {
      formats: ['markdown'],
      actions: [{ type: 'screenshot', quality: 40, viewport: { width: 480, height: 320 } }],
    });
    expect(dataUrlImage(actionsOf(doc).screenshots[0]!)).toMatchObject({ type: 'jpeg', width: 480, height: 320 });
    expect(doc.warning).toBeUndefined();
  });

  it('the raw v2 API answers the same, and refuses a viewport out of bounds', async () => {
    const ok = await api.request('POST', '/v2/scrape', {
      token: 'fc-shots',
      body: { url: article(), formats: [{ type: 'screenshot', quality: 70, viewport: { width: 320, height: 240 } }] },
    });
    expect(ok.status).toBe(200);
    expect(dataUrlImage(ok.body.data.screenshot)).toMatchObject({ type: 'jpeg', width: 320, height: 240 });
    const bad = await api.request('POST', '/v2/scrape', {
      token: 'fc-shots',
      body: { url: article(), formats: [{ type: 'screenshot', viewport: { width: 0, height: 240 } }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/viewport\.width/);
  });
});

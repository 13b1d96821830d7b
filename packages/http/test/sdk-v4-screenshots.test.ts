import { createPlaywrightBrowser, type PlaywrightBrowser } from '@trawl/browser-playwright';
import { parse } from '@trawl/core';
import { dataUrlImage, phrases, startFixtureSite, type FixtureSite } from '@trawl/testkit';
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
  pdfs: string[];
}
const actionsOf = (doc: { actions?: Record<string, unknown> }) => doc.actions as unknown as ActionResults;

/** A `data:application/pdf` URL's bytes. */
function pdfBytes(url: string): Buffer {
  const base64 = /^data:application\/pdf;base64,(.+)$/s.exec(url)?.[1];
  expect(base64, 'a data:application/pdf URL').toBeDefined();
  return Buffer.from(base64!, 'base64');
}

/** The first page's MediaBox (width and height in points) as Chromium writes it. */
function pageSize(pdf: Buffer): { width: number; height: number } {
  const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf.toString('latin1'));
  return { width: Number(box![1]), height: Number(box![2]) };
}

describe('@mendable/firecrawl-js 4.x screenshots', () => {
  it('the pdf action prints the page after the actions before it to actions.pdfs, in the paper size and orientation asked for', async () => {
    const doc = await app.scrape(article(), {
      actions: [
        { type: 'executeJavascript', script: "document.querySelector('h1').textContent = 'Printed after the script'" },
        { type: 'pdf' },
        { type: 'pdf', format: 'A4', landscape: true, scale: 0.5 },
      ],
    });
    const [letter, a4] = actionsOf(doc).pdfs.map(pdfBytes);
    expect(letter!.subarray(0, 5).toString()).toBe('%PDF-');
    // Letter is 612 x 792 points, A4 landscape 842 x 595 (Chromium rounds millimetres to a point or so).
    expect(pageSize(letter!)).toEqual({ width: 612, height: 792 });
    const landscape = pageSize(a4!);
    expect(Math.abs(landscape.width - 842)).toBeLessThanOrEqual(2);
    expect(Math.abs(landscape.height - 595)).toBeLessThanOrEqual(2);
    // The print is the page as the actions left it: Trawl's own PDF reader finds the changed title and the article.
    const read = await parse(letter!, { fileName: 'print.pdf' });
    expect(read.markdown).toContain('Printed after the script');
    expect(read.markdown).toContain(phrases.articleLead);
  });

  it('a pdf action with an unknown paper size or a scale out of range is a 400 naming the field', async () => {
    const response = await api.request('POST', '/v2/scrape', {
      token: 'fc-shots',
      body: { url: article(), actions: [{ type: 'pdf', format: 'B5', scale: 9 }] },
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/actions\[0\]\.(format|scale)/);
  });

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

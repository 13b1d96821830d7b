import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchScrape, crawl, type Document } from '@trawl/core';
import { phrases, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { createPlaywrightBrowser, type PlaywrightBrowser } from '../src/index.js';
import { chromiumChildren, dataUrlBytes, pngSize } from './helpers.js';

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

async function collect(job: AsyncIterable<Document>): Promise<Document[]> {
  const docs: Document[] = [];
  for await (const doc of job) docs.push(doc);
  return docs;
}

describe('jobs through the browser', () => {
  it('batchScrape takes screenshots and renders JavaScript pages', async () => {
    const job = batchScrape([`${site.url}/js-rendered`, `${site.url}/tall`], {
      browser,
      scrapeOptions: { formats: ['markdown', 'screenshot'] },
    });
    const docs = await collect(job);
    expect((await job.done).completed).toBe(2);
    const rendered = docs.find((d) => d.metadata.sourceURL.endsWith('/js-rendered'))!;
    expect(rendered.markdown).toContain(phrases.jsRendered);
    for (const doc of docs) expect(pngSize(dataUrlBytes(doc.screenshot!)).width).toBe(1280);
  });

  it('crawl renders only the pages that need it in auto mode', async () => {
    const before = browser.stats().pagesServed;
    const job = crawl(`${site.url}/js-rendered`, { browser, limit: 1 });
    const [doc] = await collect(job);
    expect(doc!.markdown).toContain(phrases.jsRendered);
    expect(browser.stats().pagesServed).toBe(before + 1);
  });
});

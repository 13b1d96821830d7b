import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchScrape, crawl, type Document } from '@trawl/core';
import { isAppShellPage, phrases, startFixtureSite, startSyntheticSite, type FixtureSite } from '@trawl/testkit';
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

  it('crawls a synthetic site where one page in three is an app shell: those, and only those, render', async () => {
    const synthetic = await startSyntheticSite({ pages: 12, seed: 7, appShellEvery: 3, minPageBytes: 4000, maxPageBytes: 6000 });
    try {
      const before = browser.stats().pagesServed;
      const docs = await collect(crawl(`${synthetic.url}/`, { browser, limit: 12, ignoreSitemap: true }));
      expect(docs).toHaveLength(12);
      const shells = synthetic.pagePaths.filter((_, index) => isAppShellPage(index, 3));
      expect(browser.stats().pagesServed - before).toBe(shells.length);
      for (const doc of docs) {
        const index = synthetic.pagePaths.indexOf(new URL(doc.metadata.sourceURL).pathname);
        // The content, rendered or not, is the page's own: its lead names its index.
        expect(doc.markdown).toContain(`This is synthetic page ${index},`);
      }
    } finally {
      await synthetic.close();
    }
  });
});

import { scrape } from '@trawl/core';
import { documentContent as c, documentFixtures, type FixtureSite, startFixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlaywrightBrowser, type PlaywrightBrowser } from '../src/index.js';

/** A request that needs the browser, for a URL that turns out to be a document: read as it is served. */
let site: FixtureSite;
let browser: PlaywrightBrowser;
beforeAll(async () => {
  site = await startFixtureSite();
  browser = createPlaywrightBrowser({ maxConcurrentPages: 1 });
});
afterAll(async () => {
  await browser.close();
  await site.close();
});

describe('documents with engine "browser"', () => {
  it.each([
    ['a PDF, which Chromium shows in its viewer', documentFixtures.pdf.path],
    ['a Word file, which Chromium downloads', documentFixtures.docx.path],
  ])('%s is fetched over HTTP and read, with a warning', async (_, path) => {
    const doc = await scrape(`${site.url}${path}`, { engine: 'browser', browser, convertPool: false });
    expect(doc.markdown).toMatch(new RegExp(`^# ${c.title}`));
    expect(doc.warning).toContain('a browser does not render');
  });

  it('an image the browser cannot render keeps its error', async () => {
    await expect(scrape(`${site.url}/image.png`, { engine: 'browser', browser, convertPool: false })).rejects.toMatchObject({
      code: 'SCRAPE_UNSUPPORTED_CONTENT',
    });
  });
});

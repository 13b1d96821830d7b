import { parse } from '@trawl/core';
import { type FixtureSite, startFixtureSite } from '@trawl/testkit';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireChromium } from '../src/index.js';

/**
 * A page printed to PDF by Chromium, as people save reports, read back into Markdown. Chromium
 * centres a `<th>` over its column's left-aligned cells; that lone start once became a column
 * of its own and cut "Northern Star" into two cells under an empty header.
 */
let site: FixtureSite;
let browser: Browser;
beforeAll(async () => {
  site = await startFixtureSite();
  browser = await chromium.launch({ executablePath: requireChromium() });
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe('a Chromium-printed PDF', () => {
  it('keeps its table: the header row over whole cells, and the next section after it', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.url}/markdown/printed-table`);
    const pdf = await page.pdf({ format: 'A4' });
    await page.close();
    const doc = await parse(new Uint8Array(pdf), { fileName: 'report.pdf' });
    expect(doc.markdown).toContain(
      '## Ships in port\n\n| Ship | Tonnage | Berth |\n| --- | --- | --- |\n| Northern Star | 12,400 | 3   |\n| Morning Tide | 8,150 | 5   |\n| Harbour Queen | 21,000 | 1   |\n\n## Pilot notes\n\nThe pilots boarded every ship',
    );
  });

  it('ends the table where a heading or paragraph follows: the next section is not folded into its rows', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.url}/markdown/printed-table-then-section`);
    const pdf = await page.pdf({ format: 'A4' });
    await page.close();
    const doc = await parse(new Uint8Array(pdf), { fileName: 'crew.pdf' });
    expect(doc.markdown).toContain(
      '| Name | Role |\n| --- | --- |\n| Ada | Captain |\n| Ben | Pilot |\n\n## Shift changes\n\nShort line.\n\nAnother short line follows.',
    );
  });
});

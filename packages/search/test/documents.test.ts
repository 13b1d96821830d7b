import { closeDispatchers, searchAndScrape } from '@trawl/core';
import { documentContent as c, documentFixtures, type FixtureSite, startFixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchFromEnv } from '../src/index.js';
import { type StandIn, startSerperStandIn } from '../src/testing/index.js';

/** A search hit that is a document is scraped like a page: its Markdown and metadata come with the hit. */
let site: FixtureSite;
let standIn: StandIn;
beforeAll(async () => {
  site = await startFixtureSite();
  standIn = await startSerperStandIn({
    hits: [
      { url: `${site.url}${documentFixtures.pdf.path}`, title: 'The report (PDF)', description: 'A PDF.' },
      { url: `${site.url}${documentFixtures.xlsx.path}`, title: 'The prices (XLSX)', description: 'A workbook.' },
    ],
  });
});
afterAll(async () => {
  await Promise.all([site.close(), standIn.close()]);
  await closeDispatchers();
});

describe('search hits that are documents', () => {
  it('come back with the document read into Markdown', async () => {
    const result = await searchAndScrape(searchFromEnv(standIn.env), 'report', { limit: 2, scrapeOptions: { formats: ['markdown'] } });
    const [pdf, xlsx] = result.data;
    expect(pdf?.markdown).toMatch(new RegExp(`^# ${c.title}`));
    expect(pdf?.metadata).toMatchObject({ numPages: 2, author: c.author });
    expect(xlsx?.markdown).toContain('## Prices');
  });
});

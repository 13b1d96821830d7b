import { brokenMarkupPages, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { parseHTML } from 'linkedom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractLinks } from '../../src/content/assembly/links.js';
import { parseHtml } from '../../src/content/dom/parse.js';
import { crawl, scrape, type Document } from '../../src/index.js';
import { toMarkdown } from '../../src/formats/markdown.js';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(() => site.close());

/** Where each phrase starts in `markdown`; -1 for a phrase it lacks. */
const positions = (markdown: string, phrases: string[]) => phrases.map((phrase) => markdown.indexOf(phrase));

describe('pages of broken markup, parsed into the tree a browser builds', () => {
  it.each(Object.values(brokenMarkupPages))('keeps the body text of $description', async (page) => {
    const document = await scrape(`${site.url}${page.path}`, { formats: ['markdown', 'links'] });
    const found = positions(document.markdown ?? '', page.phrases);
    expect(
      found.every((at) => at >= 0),
      `${page.path}: ${JSON.stringify(document.markdown)}`,
    ).toBe(true);
    expect(found).toEqual([...found].sort((a, b) => a - b));
  });

  it('makes the content a broken head swallows part of the body, not the head', () => {
    for (const page of [brokenMarkupPages.noBodyTag, brokenMarkupPages.brokenMetaQuote]) {
      const document = parseHtml(page.html);
      expect(document.head.textContent).not.toContain(page.phrases[1]);
      expect(document.body.querySelector('h1')?.textContent).toBe(page.phrases[0]);
      expect(document.title).toBe(page === brokenMarkupPages.noBodyTag ? 'Lock gates' : 'Tide tables');
    }
  });

  it('moves stray table content before the table and keeps the rows a table', () => {
    const document = parseHtml(brokenMarkupPages.tableStrayContent.html);
    const table = document.querySelector('table')!;
    expect(table.textContent).not.toContain('Fees are charged');
    expect(table.previousElementSibling?.tagName).toBe('P');
    const markdown = toMarkdown(document);
    expect(markdown).toContain('| Length | Per night |\n| --- | --- |\n| Up to 8 m | 18 euros |');
  });

  it('closes and reopens misnested formatting as browsers do', () => {
    const markdown = toMarkdown(parseHtml(brokenMarkupPages.misnestedFormatting.html));
    expect(markdown).toContain('**Speed limit _three knots_** _inside the breakwater_ at all times.');
    // The bold opened before the first paragraph closes after it, and reopens inside the second.
    expect(markdown).toContain('Keep clear of the fuel berth');
    expect(markdown).toContain('**Moor bow to the pontoon** and fender both sides.');
    expect(markdown).toContain('_Quiet hours start at ten in the evening._\n\n_Engines may not run at night._');
  });

  it('ignores a second doctype, and a walk over a tree that keeps one never runs off it', () => {
    const { html } = brokenMarkupPages.twoDoctypes;
    const expected = [`${site.url}/broken/no-body-tag`, `${site.url}/broken/meta-quote`];
    expect(extractLinks(parseHtml(html), `${site.url}/broken/two-doctypes`)).toEqual(expected);
    // linkedom's own parser links the second doctype into the document's list with no parent:
    // the walk (tree-walk.ts) used to climb from it to null (issue #32).
    const linkedomDocument = parseHTML(html).document as unknown as Document & globalThis.Document;
    expect(extractLinks(linkedomDocument, `${site.url}/broken/two-doctypes`)).toEqual([]);
  });

  it('crawls from the page with two doctypes to the pages it links, none failing', async () => {
    const job = crawl(`${site.url}${brokenMarkupPages.twoDoctypes.path}`, {
      ignoreSitemap: true,
      allowBackwardCrawling: true,
      includePaths: ['^/broken/'],
      limit: 5,
    });
    const documents: Document[] = [];
    for await (const document of job) documents.push(document);
    expect(await job.done).toMatchObject({ status: 'completed', completed: 3, failed: 0 });
    const byPath = new Map(documents.map((document) => [new URL(document.metadata.url).pathname, document.markdown ?? '']));
    expect(byPath.get(brokenMarkupPages.noBodyTag.path)).toContain(brokenMarkupPages.noBodyTag.phrases[1]);
    expect(byPath.get(brokenMarkupPages.brokenMetaQuote.path)).toContain(brokenMarkupPages.brokenMetaQuote.phrases[1]);
  });
});

import { pageTypeFixtures, syntheticPageHtml } from '@trawl/testkit';
import { describe, expect, it } from 'vitest';
import { htmlToDocument } from '../../src/index.js';
import { parseHtml } from '../../src/content/dom/parse.js';
import { toMarkdown } from '../../src/formats/markdown.js';
import { newsPage } from '../content/pages.js';

/** Pieces whose Markdown depends on what is around them: table cells whose table is outside, an alt the piece's text repeats. */
const pieces = [
  {
    html: '<table><tr><th>Ship</th><th>Draft</th></tr><tr id="piece"><td>Ferry</td><td>6.2</td></tr></table>',
    selector: '#piece',
  },
  {
    html: '<div id="piece"><p>The harbour at dawn with three ferries waiting</p><img src="/a.jpg" alt="The harbour at dawn with three ferries waiting"></div>',
    selector: '#piece',
  },
  { html: newsPage(), selector: 'article' },
];

describe('Markdown converted in place (toMarkdown with consume)', () => {
  it('writes what a conversion of a copy writes, whatever surrounds the element', () => {
    for (const { html, selector } of pieces) {
      const copied = toMarkdown(parseHtml(html).querySelector(selector)!);
      const element = parseHtml(html).querySelector(selector)!;
      expect(toMarkdown(element, { consume: true })).toBe(copied);
      expect(copied.length).toBeGreaterThan(0);
    }
  });

  it('gives every page type and crawl-bench page the Markdown it gets beside the html format', async () => {
    const pages = [...Object.values(pageTypeFixtures).map((fixture) => fixture.html), syntheticPageHtml(3, { pages: 100, seed: 7 })];
    for (const html of pages) {
      const alone = await htmlToDocument(html, { url: 'https://harbour.example/page', formats: ['markdown'] });
      const beside = await htmlToDocument(html, { url: 'https://harbour.example/page', formats: ['markdown', 'html'] });
      expect(alone.markdown).toBe(beside.markdown);
      expect(alone.markdown).not.toBe('');
    }
  });
});

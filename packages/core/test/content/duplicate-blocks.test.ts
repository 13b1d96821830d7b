import { describe, expect, it } from 'vitest';
import { removeDuplicateBlocks } from '../../src/content/rules/duplicate-blocks.js';
import { parseHtml } from '../../src/content/dom/parse.js';

/** The body's paragraphs' and list items' texts after removeDuplicateBlocks. */
function keptTexts(bodyHtml: string): string[] {
  const { body } = parseHtml(`<html><body>${bodyHtml}</body></html>`);
  removeDuplicateBlocks(body);
  return Array.from(body.querySelectorAll('p, li, h2')).map((element) => element.textContent!.replace(/\s+/g, ' ').trim());
}

const LONG = 'Winter berths are half price from November to March';

describe('removeDuplicateBlocks', () => {
  it('removes a later copy whose text differs only in whitespace, Unicode spaces included', () => {
    const kept = keptTexts(
      `<p>${LONG}</p><div><p>  ${LONG.replaceAll(' ', '\u00a0\n ')}  </p></div><p>\u2003${LONG.replaceAll(' ', '\u3000')}</p>`,
    );
    expect(kept).toEqual([LONG]);
  });

  it('keeps blocks of the same length with other words, and copies under 25 characters', () => {
    const other = LONG.replace('Winter', 'Summer');
    expect(keptTexts(`<p>${LONG}</p><p>${other}</p><p>Add to cart now</p><p>Add to cart now</p>`)).toEqual([
      LONG,
      other,
      'Add to cart now',
      'Add to cart now',
    ]);
  });

  it('never removes a wrapper for its only child, nor a block holding the first copy', () => {
    const html = `<section><div><article><p>${LONG}</p></article></div></section>`;
    const { body } = parseHtml(`<html><body>${html}</body></html>`);
    removeDuplicateBlocks(body);
    expect(body.querySelectorAll('section, div, article, p').length).toBe(4);
  });

  it('measures text split across inline tags, comments and CDATA-free markup as one text, spaces trimmed at the block edges', () => {
    const kept = keptTexts(
      `<div class="a"><p>Winter <b>berths</b> are<!-- note --> half price from <a href="/n">November</a> to March</p></div>` +
        `<ul><li>  Winter berths are half price from November to March  </li></ul>` +
        `<p>Winter berths are half price from November to March.</p>`,
    );
    expect(kept).toEqual(['Winter berths are half price from November to March', 'Winter berths are half price from November to March.']);
  });

  it('compares a block with the first copy even when a wrapper of the same text comes between', () => {
    // The first copy sits in a wrapper of the same length (a chain), and a third block repeats it.
    const kept = keptTexts(`<div><p>${LONG}</p></div><blockquote>${LONG}</blockquote><h2>After</h2>`);
    expect(kept).toEqual([LONG, 'After']);
    const { body } = parseHtml(`<html><body><div><p>${LONG}</p></div><blockquote>${LONG}</blockquote></body></html>`);
    removeDuplicateBlocks(body);
    expect(body.querySelector('blockquote')).toBeNull();
  });
});

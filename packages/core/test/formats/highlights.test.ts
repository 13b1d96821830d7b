import { describe, expect, it } from 'vitest';
import { highlightsText, markdownPassages, rankPassages } from '../../src/formats/highlights.js';

const page = `# Harbour guide

The harbour opens at dawn, and the pilot boats leave before the ferries.

## Tides

- High tide is at noon in summer, so moorings fill quickly by late morning.
- Low tide uncovers the old slipway on the north side of the harbour.

## Food

The fish market sells the morning catch until ten; the café on the quay serves chowder.
`;

describe('highlights (BM25 over the Markdown’s blocks)', () => {
  it('splits the Markdown into passages, list items apart, each under its heading, headings not passages', () => {
    const passages = markdownPassages(page);
    expect(passages.map((passage) => [passage.heading, passage.text.slice(0, 20)])).toEqual([
      ['Harbour guide', 'The harbour opens at'],
      ['Tides', '- High tide is at no'],
      ['Tides', '- Low tide uncovers '],
      ['Food', 'The fish market sell'],
    ]);
  });

  it('ranks the passages sharing the query’s rare words first; words in every passage count for little', () => {
    const ranked = rankPassages(page, 'When is high tide?', 3);
    expect(ranked[0]!.text).toMatch(/^- High tide is at noon/);
    // "tide" is under the Tides heading for both list items, so the low-tide item comes next.
    expect(ranked[1]!.text).toMatch(/^- Low tide/);
    expect(ranked.every((passage) => passage.score > 0)).toBe(true);
    expect(rankPassages(page, 'chowder', 3).map((passage) => passage.index)).toEqual([3]);
  });

  it('finds nothing for a query of stop words or words the page lacks', () => {
    expect(rankPassages(page, 'what is the', 3)).toEqual([]);
    expect(rankPassages(page, 'helicopter', 3)).toEqual([]);
    expect(highlightsText([])).toBe('');
  });
});

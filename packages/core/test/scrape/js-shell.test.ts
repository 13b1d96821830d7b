import { describe, expect, it } from 'vitest';
import { looksRenderedByJavaScript } from '../../src/pipeline/engine-choice.js';

/** `count` words of five letters, each in its own element: tags between words count as spaces. */
const words = (count: number) => Array.from({ length: count }, () => '<span>abcde</span>').join('\n');
const bigScript = `<script>${'window.__STATE__.items.push({ title: "a long item title" });\n'.repeat(400)}</script>`;

describe('looksRenderedByJavaScript: visible text', () => {
  it('does not count inline scripts, styles, comments, svg or templates as text', () => {
    const hidden = `<style>${'p { color: red }\n'.repeat(200)}</style><!-- ${'comment '.repeat(300)} --><svg><text>${'x '.repeat(600)}</text></svg>`;
    expect(looksRenderedByJavaScript(`<html><body>${words(20)}${hidden}${bigScript}</body></html>`)).toBe(true);
  });

  it('counts words split by tags and entities with one space between them', () => {
    // 33 words of 5 letters and 32 gaps: 197 characters, under the 200 that a page with scripts needs.
    expect(looksRenderedByJavaScript(`<body>${words(33)}<script src="/app.js"></script></body>`)).toBe(true);
    // 34 words: 203 characters.
    expect(looksRenderedByJavaScript(`<body>${words(34)}<script src="/app.js"></script></body>`)).toBe(false);
    expect(looksRenderedByJavaScript(`<body>${'abcde&amp;'.repeat(33)}abcde<script></script></body>`)).toBe(false);
  });

  it('stops reading once a page has plenty of text, even with an empty app root later on', () => {
    expect(looksRenderedByJavaScript(`<body>${words(200)}<div id="root"></div>${bigScript}</body>`)).toBe(false);
  });

  it('reads a lone < or & as text, and a script with no end as text', () => {
    // 30 × "a < b & c": 299 characters with the lone signs, 179 without them.
    expect(looksRenderedByJavaScript(`<body><script></script>${'a < b & c '.repeat(30)}`)).toBe(false);
    expect(looksRenderedByJavaScript(`<body><script>${'let answer = 42; '.repeat(100)}`)).toBe(false);
  });
});

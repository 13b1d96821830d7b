import { strikethrough, tables, taskListItems } from '@joplin/turndown-plugin-gfm';
import TurndownService from 'turndown';
import { describe, expect, it } from 'vitest';
import { parseHtml } from '../../src/content/dom/parse.js';
import { installChildNodesMemo, withChildNodesMemo } from '../../src/formats/child-nodes-memo.js';
import { matchRulesByName, skipNeedlessEscapes } from '../../src/formats/turndown-speed.js';
import { newsPage } from '../content/pages.js';

/** A turndown set up as formats/markdown.ts sets its own up, with or without the speed-ups. */
function service(fast: boolean): TurndownService {
  const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', hr: '---' });
  turndown.use([tables, strikethrough, taskListItems]);
  turndown.remove(['script', 'style', 'noscript']);
  turndown.addRule('mark', { filter: ['mark', 'ins'], replacement: (content) => `==${content}==` });
  if (fast) {
    matchRulesByName(turndown);
    skipNeedlessEscapes(turndown);
  }
  return turndown;
}

const pages = [
  newsPage(),
  '<h2>Steps</h2><ol start="3"><li>First <em>one</em></li><li><p>Second</p><ul><li>nested <b>bold</b></li></ul></li></ol>',
  '<p>Escapes: 1. not a list, # not a heading, *stars*, _under_, `tick`, [brackets], a\\b, ~~~ and > quote</p>',
  '<p>- dash</p><p>+ plus</p><p>=== equals</p><p>2024. A year</p><p>12. Twelfth</p><p>Plain words only</p>',
  '<table><thead><tr><th>Ship</th><th align="right">Draft</th></tr></thead><tbody><tr><td>Ferry</td><td>6.2</td></tr></tbody></table>',
  '<blockquote><p>Quoted <s>struck</s> <mark>marked</mark> <del>deleted</del></p></blockquote><hr><pre><code class="language-js">a = 1</code></pre>',
  '<ul><li><input type="checkbox" checked> done</li><li><input type="checkbox"> to do</li></ul><script>x()</script><style>p{}</style>',
];

describe('turndown speed-ups (formats/turndown-speed.ts)', () => {
  it('leaves the Markdown of every page as turndown writes it', () => {
    const plain = service(false);
    const fast = service(true);
    for (const html of pages) {
      const markdown = plain.turndown(parseHtml(html).body as unknown as TurndownService.Node);
      expect(fast.turndown(parseHtml(html).body as unknown as TurndownService.Node)).toBe(markdown);
      expect(markdown.length).toBeGreaterThan(0);
    }
  });

  it('escapes text exactly as turndown does', () => {
    const plain = service(false);
    const fast = service(true);
    const samples = [
      'plain text',
      '',
      ' 1. x',
      '1. x',
      '10. ten',
      '1.5 apples',
      '-x',
      'a-b',
      '+ y',
      '+y',
      '== z',
      '### h',
      '#hash',
      'a\\b',
    ];
    for (const text of [...samples, '`a` *b* _c_ [d] ~~~e >f', 'x\u00a0y — "quotes"']) expect(fast.escape(text)).toBe(plain.escape(text));
  });

  it("does not change turndown's shared rule objects (another instance still matches by its own filters)", () => {
    const filters = (turndown: TurndownService) =>
      turndown.rules.array.map((rule) => (typeof rule.filter === 'function' ? String(rule.filter) : rule.filter));
    const before = filters(service(false));
    expect(filters(service(true))).not.toEqual(before);
    expect(filters(service(false))).toEqual(before);
  });
});

describe('child lists read once per conversion (formats/child-nodes-memo.ts)', () => {
  it('gives the same list for a node within a conversion, and a fresh one outside', () => {
    installChildNodesMemo();
    const list = parseHtml('<ul><li>a</li><li>b</li></ul>').querySelector('ul')!;
    expect(list.childNodes).not.toBe(list.childNodes);
    withChildNodesMemo(() => {
      const first = list.childNodes;
      expect(list.childNodes).toBe(first);
      expect(Array.from(first, (node) => node.textContent)).toEqual(['a', 'b']);
    });
    const after = list.childNodes;
    expect(after).not.toBe(list.childNodes);
    expect(after).toHaveLength(2);
  });
});

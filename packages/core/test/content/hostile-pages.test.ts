import { hostilePhrases, nestedTagsPage, unclosedAnchorsPage, type NestedTag } from '@trawl/testkit';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { buildHtmlDocument, MAX_MAIN_CONTENT_ELEMENTS } from '../../src/content/assembly/build-document.js';
import { MAX_TREE_DEPTH } from '../../src/content/dom/bounded-tree.js';
import { extractLinks } from '../../src/content/assembly/links.js';
import { parsedElementCount, parseHtml } from '../../src/content/dom/parse.js';
import { MAX_LINKS_PER_PAGE } from '../../src/limits.js';
import { resolveScrapeOptions } from '../../src/options.js';

const URL = 'https://hostile.example/page';

/** The htmlparser2 linkedom parses with (not a dependency of core's own), typed as much as used here. */
interface MinimalParser {
  write(html: string): void;
  end(): void;
}
const { Parser } = createRequire(createRequire(import.meta.url).resolve('linkedom'))('htmlparser2') as {
  Parser: { new (callbacks: { onclosetag?: (name: string) => void }): MinimalParser; prototype: { emitOpenTag: unknown } };
};

function convert(html: string) {
  return buildHtmlDocument({ html, url: URL, sourceURL: URL, statusCode: 200 }, resolveScrapeOptions({ formats: ['markdown', 'links'] }));
}

function maxDepth(root: Element): number {
  let deepest = 0;
  for (const element of Array.from(root.querySelectorAll('*'))) {
    let depth = 0;
    for (let node: Node | null = element; node && node !== root; node = node.parentNode) depth++;
    deepest = Math.max(deepest, depth);
  }
  return deepest;
}

describe('trees a page cannot make too deep', () => {
  it('closes an anchor when the next one opens, as browsers parse it', () => {
    const document = parseHtml('<p><a href="/1">one <a href="/2">two <a href="/3">three</a> after</p>');
    const anchors = Array.from(document.querySelectorAll('a'));
    expect(anchors.map((a) => a.parentElement?.tagName)).toEqual(['P', 'P', 'P']);
    expect(anchors.map((a) => a.textContent)).toEqual(['one ', 'two ', 'three']);
    expect(document.querySelector('p')!.textContent).toBe('one two three after');
  });

  it(`lifts nesting beyond ${MAX_TREE_DEPTH} levels, keeping the text in order`, () => {
    const document = parseHtml(nestedTagsPage('div', 2000));
    expect(maxDepth(document.documentElement)).toBeLessThanOrEqual(MAX_TREE_DEPTH);
    const text = document.body.textContent!;
    expect(text).toContain(`L0 L1 L2`);
    expect(text.indexOf('L1999 ')).toBeGreaterThan(text.indexOf('L1998 '));
    expect(text).toContain(hostilePhrases.deepest);
    expect(parsedElementCount(document)).toBeGreaterThan(2000);
  });

  it('leaves an ordinary page as it was', () => {
    const html = '<div><p>a <b>b <i>c</i></b></p><ul><li><a href="/x">x</a></li></ul></div>';
    expect(parseHtml(html).body.innerHTML).toBe(html);
  });

  // The pages: each was a RangeError (stack overflow) or minutes of work.
  const nested: Array<[NestedTag, number]> = [
    ['span', 3000],
    ['b', 3000],
    ['table', 3000],
    ['div', 10_000],
  ];
  it.each(nested)('converts %s nested %i deep with its content', (tag, depth) => {
    const document = convert(nestedTagsPage(tag, depth));
    expect(document.markdown).toContain(hostilePhrases.deepest);
    expect(document.markdown).toContain(`L${depth - 1}`);
  });

  it('converts 200,000 unclosed anchors, keeping the first links and the text after them', () => {
    const document = convert(unclosedAnchorsPage(200_000));
    expect(document.markdown).toContain(hostilePhrases.afterAnchors);
    expect(document.markdown).toContain('[anchor 0](https://hostile.example/limits/link/0)');
    expect(document.links!.length).toBe(MAX_LINKS_PER_PAGE + 1);
    expect(document.warning).toContain(`past ${MAX_MAIN_CONTENT_ELEMENTS}, main content is not detected`);
  });
});

describe('extractLinks on a page of many links', () => {
  it('stops reading one link past the cap', () => {
    const anchors = Array.from({ length: 3 * MAX_LINKS_PER_PAGE }, (_, i) => `<a href="/l/${i}">${i}</a>`).join('');
    const links = extractLinks(parseHtml(anchors), URL);
    expect(links).toHaveLength(MAX_LINKS_PER_PAGE + 1);
    expect(links.at(-1)).toBe(`https://hostile.example/l/${MAX_LINKS_PER_PAGE}`);
  });

  it('skips links inside a <template>', () => {
    const document = parseHtml('<template><a href="/hidden">h</a></template><a href="/shown">s</a>');
    expect(extractLinks(document, URL)).toEqual(['https://hostile.example/shown']);
  });
});

// patches/htmlparser2@10.1.0.patch keeps the parser's open-tag stack with push/pop: stock 10.1.0
// uses unshift/shift, which made 200,000 unclosed tags take 30 s to parse instead of under one.
describe('htmlparser2 with an O(1) open-tag stack', () => {
  it('runs the patched parser', () => {
    expect(String(Parser.prototype.emitOpenTag)).toContain('this.stack.push(name)');
  });

  it('reports closing tags innermost first, as before', () => {
    const closed: string[] = [];
    const parser = new Parser({ onclosetag: (name) => closed.push(name) });
    parser.write('<div><p><b>x</b><i>y</p><span>z');
    parser.end();
    expect(closed).toEqual(['b', 'i', 'p', 'span', 'div']);
  });
});

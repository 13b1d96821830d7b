import { Readability } from '@mozilla/readability';
import { describe, expect, it } from 'vitest';
import { parseHtml } from '../../src/content/dom/parse.js';
import { readabilityArticle } from '../../src/content/regions/readability.js';
import { newsPage } from './pages.js';

interface Checks {
  _isValidByline(node: Element, matchString: string): boolean;
  _isElementWithoutContent(node: Element): boolean;
}

/** Readability 0.6's own definitions of the two checks content/readability.ts replaces. */
const original = {
  isValidByline(node: Element, matchString: string): boolean {
    const rel = node.getAttribute('rel');
    const itemprop = node.getAttribute('itemprop');
    const bylineLength = (node.textContent ?? '').trim().length;
    return (
      (rel === 'author' || Boolean(itemprop?.includes('author')) || /byline|author|dateline|writtenby|p-author/i.test(matchString)) &&
      !!bylineLength &&
      bylineLength < 100
    );
  },
  isElementWithoutContent(node: Element): boolean {
    return (
      node.nodeType === 1 &&
      !(node.textContent ?? '').trim().length &&
      (!node.children.length || node.children.length === node.getElementsByTagName('br').length + node.getElementsByTagName('hr').length)
    );
  },
};

const page = `<html><body>${newsPage()}
<div class="byline"><a rel="author" href="/a">Ann Author</a></div><span itemprop="author">  </span>
<p class="author-bio">${'Long biography. '.repeat(10)}</p><div class="dateline">24 November</div>
<div></div><div> \u00a0 <br><hr></div><div><br><span></span></div><section>\n</section><h2><img src="x.png"></h2>
<div><!-- only a comment --></div><header>\u2003</header><div><p>text</p></div></body></html>`;

describe('Readability checks made cheaper (content/readability.ts)', () => {
  it('replaces the two checks on the prototype Readability runs', () => {
    readabilityArticle(parseHtml('<p>x</p>'));
    const prototype = Readability.prototype as unknown as Checks;
    expect(String(prototype._isValidByline)).not.toContain('var bylineLength');
    expect(String(prototype._isElementWithoutContent)).toContain('hasText');
  });

  it('answers as Readability 0.6 does for every element of a page', () => {
    const document = parseHtml(page);
    const checks = Object.assign(Object.create(Readability.prototype as object) as Checks, {
      REGEXPS: { byline: /byline|author|dateline|writtenby|p-author/i },
      ELEMENT_NODE: 1,
    });
    let bylines = 0;
    let empty = 0;
    for (const element of Array.from(document.querySelectorAll('*'))) {
      const matchString = `${element.className} ${element.id}`;
      const byline = original.isValidByline(element, matchString);
      const withoutContent = original.isElementWithoutContent(element);
      expect(checks._isValidByline(element, matchString)).toBe(byline);
      expect(checks._isElementWithoutContent(element)).toBe(withoutContent);
      bylines += Number(byline);
      empty += Number(withoutContent);
    }
    // The page holds both answers of both checks.
    expect(bylines).toBeGreaterThanOrEqual(3);
    expect(empty).toBeGreaterThanOrEqual(5);
  });

  it('runs Readability without serialising the article for a debug message it does not print (patches/@mozilla__readability@0.6.0.patch)', () => {
    expect(String(Readability.prototype.parse)).toContain('if (this._debug) this.log("Grabbed: "');
  });
});

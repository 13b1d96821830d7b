import { DOMParser } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { parseHtml } from '../../src/content/dom/parse.js';
import { selectorKeys } from '../../src/content/dom/selector-keys.js';

// fast-selectors.ts keeps compiled selectors and tests only elements with a tag or attribute a
// selector needs; the answers must be linkedom's (docs/performance.md).
describe('selector keys', () => {
  it('takes one tag or attribute from the last compound of every selector in the list', () => {
    const keys = selectorKeys(
      'header, .menu, #nav, [role="banner"], main > p.lead, ul li, form:has(input[type="password"]), [aria-label="x" i]',
    );
    expect([...keys!.tags].sort()).toEqual(['form', 'header', 'li', 'p']);
    expect([...keys!.attributes].sort()).toEqual(['aria-label', 'class', 'id', 'role']);
    expect(selectorKeys('DIV')?.tags).toEqual(new Set(['div']));
    expect(selectorKeys(':not(.a).b')?.attributes).toEqual(new Set(['class']));
    expect(selectorKeys('[x!=y][data-z]')?.attributes).toEqual(new Set(['data-z']));
  });

  it('has none when a selector can match any element or uses syntax it does not read', () => {
    for (const selector of ['*', 'p, *', ':not(p)', '[x!=y]', 'p > ', 'a\\:b', 'svg|a', '[lang|=en]', 'p /* c */', 'p[', '[a="b]']) {
      expect(selectorKeys(selector), selector).toBeNull();
    }
  });
});

describe('linkedom queries with kept selectors', () => {
  const page = `<html><head><title>t</title></head><body>
    <header class="top"><nav id="nav"><a href="/">Home</a></nav></header>
    <main><article><h1>Title</h1><p class="lead">Lead</p><p>Body <b>bold</b></p>
    <form><input type="password"></form><form><input type="text"></form>
    <template><p class="lead">in a template</p></template>
    <div CLASS="upper" role="note">Upper-case attribute name</div></article></main>
    <footer hidden>Foot</footer></body></html>`;

  it('finds what linkedom finds, in document order, skipping template content', () => {
    const document = parseHtml(page);
    const names = (elements: ArrayLike<Element>) => Array.from(elements, (e) => e.tagName + (e.id ? `#${e.id}` : ''));
    expect(names(document.querySelectorAll('header, nav, footer, [hidden]'))).toEqual(['HEADER', 'NAV#nav', 'FOOTER']);
    expect(names(document.body.querySelectorAll('p.lead, b'))).toEqual(['P', 'B']);
    expect(document.querySelectorAll('form:has(input[type="password"])')).toHaveLength(1);
    // The parser lowercases attribute names as browsers do, so CLASS="upper" is a class.
    expect(names(document.querySelectorAll('.upper'))).toEqual(['DIV']);
    expect(names(document.querySelectorAll('[role="note"]'))).toEqual(['DIV']);
    expect(document.querySelector('main p')?.textContent).toBe('Lead');
    expect(document.querySelector('aside')).toBeNull();
    expect(document.querySelectorAll('p')).toHaveLength(2);
  });

  it('answers matches and closest, and compiles a selector the same way on every document', () => {
    for (let round = 0; round < 2; round++) {
      const document = parseHtml(page);
      const bold = document.querySelector('b')!;
      expect(bold.matches('p > b')).toBe(true);
      expect(bold.matches('.lead b')).toBe(false);
      expect(bold.closest('article, .missing')?.tagName).toBe('ARTICLE');
      expect(bold.closest('header')).toBeNull();
      document.querySelector('header')!.remove();
      expect(document.querySelectorAll('nav')).toHaveLength(0);
    }
  });

  it('matches tag names as linkedom does, upper-cased names included', () => {
    const document = parseHtml('<div><p>a</p><section><p>b</p></section></div>');
    document.body.appendChild(document.createElement('P'));
    expect(document.getElementsByTagName('p')).toHaveLength(2);
    expect(document.getElementsByTagName('P')).toHaveLength(3);
    expect(document.body.getElementsByTagName('section')).toHaveLength(1);
    expect(document.querySelectorAll('p')).toHaveLength(3);
  });

  it('still throws on an invalid selector, and keeps :scope and XML documents working', () => {
    const document = parseHtml(page);
    expect(() => document.querySelectorAll('p[')).toThrow();
    const article = document.querySelector('article')!;
    expect(article.querySelectorAll(':scope > p')).toHaveLength(2);
    const xml = new DOMParser().parseFromString('<root><Item id="a"/><item/></root>', 'text/xml');
    expect(xml.querySelectorAll('Item')).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import { extractLinks } from '../../src/content/assembly/links.js';
import { parseHtml } from '../../src/content/dom/parse.js';

const PAGE_URL = 'https://site.example/blog/post.html';

describe('extractLinks', () => {
  it('returns absolute http(s) links in page order, deduplicated and without fragments', () => {
    const document = parseHtml(`
      <a href="/about">About</a>
      <a href="other.html#top">Other</a>
      <a href="https://elsewhere.example/x?q=1#frag">Elsewhere</a>
      <a href="/about">About again</a>
      <a href="other.html">Other again</a>
      <map><area href="/area-target"></map>`);
    expect(extractLinks(document, PAGE_URL)).toEqual([
      'https://site.example/about',
      'https://site.example/blog/other.html',
      'https://elsewhere.example/x?q=1',
      'https://site.example/area-target',
    ]);
  });

  it('drops mailto:, javascript:, tel: and empty links', () => {
    const document = parseHtml(`
      <a href="mailto:me@example.com">Mail</a>
      <a href="javascript:void(0)">JS</a>
      <a href="tel:+123">Call</a>
      <a href="">Empty</a>
      <a href="ftp://files.example/x">FTP</a>
      <a href="/kept">Kept</a>`);
    expect(extractLinks(document, PAGE_URL)).toEqual(['https://site.example/kept']);
  });

  it('resolves against <base href>, itself relative to the page', () => {
    const document = parseHtml(
      '<html><head><base href="/docs/guide/"></head><body><a href="intro">i</a><a href="../api">a</a></body></html>',
    );
    expect(extractLinks(document, PAGE_URL)).toEqual(['https://site.example/docs/guide/intro', 'https://site.example/docs/api']);
  });

  it('reads the links under one element only when given an element', () => {
    const document = parseHtml('<nav><a href="/nav">n</a></nav><main><a href="/main">m</a></main>');
    expect(extractLinks(document.querySelector('main')!, PAGE_URL)).toEqual(['https://site.example/main']);
  });
});

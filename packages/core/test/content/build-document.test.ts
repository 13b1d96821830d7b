import { describe, expect, it } from 'vitest';
import { buildHtmlDocument } from '../../src/content/assembly/build-document.js';
import { extractLinks } from '../../src/content/assembly/links.js';
import { resolveScrapeOptions, type ScrapeOptionsInput } from '../../src/options.js';
import { ARTICLE_TEXT, BOILERPLATE, newsPage } from './pages.js';

const URL = 'https://news.example/2024/keepers';

function build(html: string, options: ScrapeOptionsInput = {}) {
  return buildHtmlDocument(
    { html, url: URL, sourceURL: 'https://news.example/2024/keepers?ref=feed', statusCode: 200, contentType: 'text/html' },
    resolveScrapeOptions(options),
  );
}

describe('buildHtmlDocument', () => {
  it('produces exactly the requested formats', () => {
    const markdownOnly = build(newsPage());
    expect(Object.keys(markdownOnly).sort()).toEqual(['markdown', 'metadata']);
    const all = build(newsPage(), { formats: ['markdown', 'html', 'rawHtml', 'links'] });
    expect(Object.keys(all).sort()).toEqual(['html', 'links', 'markdown', 'metadata', 'rawHtml']);
  });

  it('gives a links-only request the same links as one that also asks for markdown and html', () => {
    const stray = `<html><head><title>t</title></head><body>
      <p>Intro <a href="rel/one">one</a> <a href="/abs">abs</a> <a href="#top">top</a></p>
      <base href="https://cdn.example/docs/">
      <div class="ad-slot"><a href="https://ads.example/click">ad</a></div>
      <noscript><a href="/no-js">no js</a></noscript>
      <p><a href="javascript:void(0)">js</a> <a href="mailto:a@b.example">mail</a> <img src="pic.png"> <a href="two">two</a></p>
    </body></html>`;
    for (const html of [newsPage(), stray]) {
      for (const onlyMainContent of [true, false]) {
        const linksOnly = build(html, { formats: ['links'], onlyMainContent });
        const withContent = build(html, { formats: ['links', 'markdown', 'html'], onlyMainContent });
        expect(linksOnly.links).toEqual(withContent.links);
      }
    }
    // A <base> in the body still counts even though cleaning takes it out.
    expect(build(stray, { formats: ['links'], onlyMainContent: false }).links).toEqual([
      'https://cdn.example/docs/rel/one',
      'https://cdn.example/abs',
      'https://cdn.example/docs/', // "#top", resolved against the base like every other href
      'https://cdn.example/docs/two',
    ]);
  });

  it('returns the input untouched as rawHtml and the cleaned content as html', () => {
    const html = newsPage();
    const doc = build(html, { formats: ['html', 'rawHtml'] });
    expect(doc.rawHtml).toBe(html);
    expect(doc.html).toContain(ARTICLE_TEXT);
    expect(doc.html).not.toContain(BOILERPLATE.nav);
    expect(doc.html).not.toMatch(/<script|<style/);
  });

  it('fills the metadata from the page and the fetch', () => {
    const { metadata } = build(newsPage());
    expect(metadata).toMatchObject({
      title: 'Keepers',
      language: 'en',
      sourceURL: 'https://news.example/2024/keepers?ref=feed',
      url: URL,
      statusCode: 200,
      contentType: 'text/html',
    });
  });

  it('lists the links of the cleaned content, so onlyMainContent drops navigation links', () => {
    const page = newsPage(
      `${[1, 2, 3, 4].map((n) => `<p>Paragraph ${n} about keepers and lamps and the long watch through the winter nights on the rock.</p>`).join('')}<p>See <a href="/archive#1990">the archive</a>.</p>`,
    );
    expect(build(page, { formats: ['links'] }).links).toEqual(['https://news.example/archive']);
    const all = build(page, { formats: ['links'], onlyMainContent: false }).links;
    expect(all).toContain('https://news.example/sections');
    expect(all).toContain('https://news.example/archive');
  });

  it('shows the onParsed hook the raw page, so a crawler gets every link without a second parse', () => {
    let rawLinks: string[] = [];
    buildHtmlDocument({ html: newsPage(), url: URL, sourceURL: URL, statusCode: 200 }, resolveScrapeOptions({}), {
      onParsed: (document) => (rawLinks = extractLinks(document, URL)),
    });
    expect(rawLinks).toEqual(expect.arrayContaining(['https://news.example/sections', 'https://news.example/other']));
  });

  it('falls back to the whole page when main content comes out empty', () => {
    const doc = build('<html><body><nav><a href="/only">Only navigation here</a></nav></body></html>');
    expect(doc.markdown).toBe('[Only navigation here](https://news.example/only)');
  });

  it('returns empty markdown for a page without text', () => {
    expect(build('<html><body><script>x()</script></body></html>').markdown).toBe('');
  });
});

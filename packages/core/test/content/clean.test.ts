import { describe, expect, it } from 'vitest';
import { cleanContent, type CleanOptions } from '../../src/content/assembly/clean.js';
import { BASE64_IMAGE_PLACEHOLDER } from '../../src/content/assembly/images.js';
import { TrawlError } from '../../src/errors.js';
import { ARTICLE_TEXT, BOILERPLATE, newsPage } from './pages.js';

const URL = 'https://news.example/2024/keepers';
const DEFAULTS: CleanOptions = { onlyMainContent: true, blockAds: true, removeBase64Images: false };

function clean(html: string, options: Partial<CleanOptions> = {}): Element {
  return cleanContent({ html, url: URL }, { ...DEFAULTS, ...options });
}

describe('cleanContent', () => {
  it('keeps the article and drops nav, footer, cookie banner, ads, share buttons and sidebar with onlyMainContent', () => {
    const text = clean(newsPage()).textContent ?? '';
    expect(text).toContain(ARTICLE_TEXT);
    expect(text).toContain('Paragraph 5');
    for (const noise of Object.values(BOILERPLATE)) expect(text).not.toContain(noise);
  });

  it('keeps the page furniture without onlyMainContent, but still drops ads and cookie banners', () => {
    const content = clean(newsPage(), { onlyMainContent: false });
    const text = content.textContent ?? '';
    for (const kept of [ARTICLE_TEXT, BOILERPLATE.nav, BOILERPLATE.footer, BOILERPLATE.sidebar, BOILERPLATE.share]) {
      expect(text).toContain(kept);
    }
    expect(text).not.toContain(BOILERPLATE.cookie);
    expect(text).not.toContain(BOILERPLATE.ad);
    expect(content.querySelector('iframe')).toBeNull();
    expect(content.querySelector('script, style, noscript')).toBeNull();
  });

  it('leaves ads and cookie banners in when blockAds is off', () => {
    const text = clean(newsPage(), { onlyMainContent: false, blockAds: false }).textContent ?? '';
    expect(text).toContain(BOILERPLATE.cookie);
    expect(text).toContain(BOILERPLATE.ad);
  });

  it('keeps only the elements includeTags names, in page order, over main-content detection', () => {
    const content = clean(newsPage(), { includeTags: ['footer', 'nav'] });
    expect(content.textContent).toContain(BOILERPLATE.nav);
    expect(content.textContent).toContain(BOILERPLATE.footer);
    expect(content.textContent).not.toContain(ARTICLE_TEXT);
    expect(content.textContent!.indexOf(BOILERPLATE.nav)).toBeLessThan(content.textContent!.indexOf(BOILERPLATE.footer));
  });

  it('removes the elements excludeTags names', () => {
    const html = newsPage('<p class="keep">Kept paragraph about the lamp.</p><p class="drop">Dropped paragraph.</p>');
    const content = clean(html, { onlyMainContent: false, excludeTags: ['.drop', 'nav'] });
    expect(content.textContent).toContain('Kept paragraph');
    expect(content.textContent).not.toContain('Dropped paragraph');
    expect(content.textContent).not.toContain(BOILERPLATE.nav);
  });

  it('names an invalid selector in includeTags or excludeTags', () => {
    expect(() => clean(newsPage(), { excludeTags: ['div['] })).toThrow(TrawlError);
    expect(() => clean(newsPage(), { includeTags: ['p', 'a[href'] })).toThrow(/includeTags: "a\[href"/);
  });

  it('never returns empty main content for a page with text', () => {
    const minimal = '<html><head><title>Minimal</title></head><body><p>A minimal page with one paragraph.</p></body></html>';
    expect(clean(minimal).textContent).toContain('A minimal page with one paragraph.');
    const linksOnly = '<html><body><ul><li><a href="/a">First link</a></li><li><a href="/b">Second link</a></li></ul></body></html>';
    expect(clean(linksOnly).textContent).toContain('Second link');
  });

  it('makes image and link URLs absolute, honouring <base href>', () => {
    const html = `<html><head><base href="/assets/"></head><body>
      <p><a href="page.html">A link</a> and <img src="pic.png" alt="A picture"> and <a href="javascript:alert(1)">a script</a></p></body></html>`;
    const content = clean(html, { onlyMainContent: false });
    expect(content.querySelector('a')?.getAttribute('href')).toBe('https://news.example/assets/page.html');
    expect(content.querySelector('img')?.getAttribute('src')).toBe('https://news.example/assets/pic.png');
    expect(content.querySelectorAll('a[href]')).toHaveLength(1);
    expect(content.textContent).toContain('a script');
  });

  it('uses the largest srcset candidate (from <picture> sources too) as the image source', () => {
    const html = `<body>
      <img id="a" src="/small.jpg" srcset="/s.jpg 400w, /l.jpg 1600w, /m.jpg 800w" alt="a">
      <picture><source srcset="/p-1x.webp 1x, /p-3x.webp 3x"><img id="b" src="/p.jpg" alt="b"></picture>
      <img id="c" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="/lazy.jpg" alt="c"></body>`;
    const content = clean(html, { onlyMainContent: false });
    expect(content.querySelector('#a')?.getAttribute('src')).toBe('https://news.example/l.jpg');
    expect(content.querySelector('#a')?.hasAttribute('srcset')).toBe(false);
    expect(content.querySelector('#b')?.getAttribute('src')).toBe('https://news.example/p-3x.webp');
    expect(content.querySelector('source')).toBeNull();
    expect(content.querySelector('#c')?.getAttribute('src')).toBe('https://news.example/lazy.jpg');
  });

  it('replaces base64 images with a placeholder and keeps their alt text when removeBase64Images is on', () => {
    const html = '<body><p>Chart below.</p><img src="data:image/png;base64,iVBORw0KGgo=" alt="Tide chart"></body>';
    const kept = clean(html, { onlyMainContent: false });
    expect(kept.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/png/);
    const removed = clean(html, { onlyMainContent: false, removeBase64Images: true });
    expect(removed.querySelector('img')?.getAttribute('src')).toBe(BASE64_IMAGE_PLACEHOLDER);
    expect(removed.querySelector('img')?.getAttribute('alt')).toBe('Tide chart');
  });

  it('drops related stories and share bars that sit inside the article container', () => {
    const article = `${[1, 2, 3, 4].map((n) => `<p>Paragraph ${n} on keepers and their long nights on the rock, written out at length so the story reads as the main text of the page.</p>`).join('')}
      <div class="related-stories"><h3>More on lighthouses</h3><ul><li><a href="/x">Related headline</a></li></ul></div>
      <div class="article-share-tools"><a href="/s">Share by email</a></div>`;
    const text = clean(newsPage(article)).textContent ?? '';
    expect(text).toContain('Paragraph 4 on keepers');
    expect(text).not.toContain('Related headline');
    expect(text).not.toContain('Share by email');
  });
});

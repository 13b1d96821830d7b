import { describe, expect, it } from 'vitest';
import { extractMetadata } from '../../src/content/assembly/metadata.js';
import { parseHtml } from '../../src/content/dom/parse.js';

const PAGE_URL = 'https://news.example.com/world/story.html';

function metadataOf(head: string, htmlAttributes = '', body = '<p>Text</p>') {
  return extractMetadata(parseHtml(`<html ${htmlAttributes}><head>${head}</head><body>${body}</body></html>`), PAGE_URL);
}

describe('extractMetadata', () => {
  it('reads title, description, language, favicon and canonical', () => {
    const metadata = metadataOf(
      `<title>  Story
        title </title>
      <meta name="description" content="What happened">
      <link rel="icon" href="/static/icon.png">
      <link rel="canonical" href="/world/story">`,
      'lang="en-GB"',
    );
    expect(metadata).toMatchObject({
      title: 'Story title',
      description: 'What happened',
      language: 'en-GB',
      favicon: 'https://news.example.com/static/icon.png',
      canonical: 'https://news.example.com/world/story',
    });
  });

  it('keeps every meta value under its raw name and adds the og* fields', () => {
    const metadata = metadataOf(`
      <meta property="og:title" content="OG title">
      <meta property="og:site_name" content="Example News">
      <meta property="og:locale:alternate" content="fr_FR">
      <meta property="article:published_time" content="2024-01-02T03:04:05Z">
      <meta name="twitter:card" content="summary">
      <meta itemprop="name" content="Micro name">`);
    expect(metadata).toMatchObject({
      'og:title': 'OG title',
      ogTitle: 'OG title',
      'og:site_name': 'Example News',
      ogSiteName: 'Example News',
      ogLocaleAlternate: ['fr_FR'],
      publishedTime: '2024-01-02T03:04:05Z',
      'twitter:card': 'summary',
      name: 'Micro name',
    });
  });

  it('turns repeated meta names into arrays, but joins descriptions with ", "', () => {
    const metadata = metadataOf(`
      <meta property="article:tag" content="ports">
      <meta property="article:tag" content="tides">
      <meta name="description" content="First">
      <meta name="description" content="Second">`);
    expect(metadata['article:tag']).toEqual(['ports', 'tides']);
    expect(metadata.articleTag).toEqual(['ports', 'tides']);
    expect(metadata.description).toBe('First, Second');
  });

  it('falls back to og:title and content-language, and ignores the titles of inline SVG icons', () => {
    const metadata = metadataOf(
      `<meta property="og:title" content="From OG"><meta http-equiv="Content-Language" content="de, en">`,
      '',
      '<svg><title>Menu icon</title></svg><p>Text</p>',
    );
    expect(metadata.title).toBe('From OG');
    expect(metadata.language).toBe('de');
  });

  it('reports no favicon when the page declares none, and prefers rel="icon" to touch icons', () => {
    expect(metadataOf('<title>t</title>').favicon).toBeUndefined();
    const metadata = metadataOf('<link rel="apple-touch-icon" href="/touch.png"><link rel="shortcut icon" href="/fav.ico">');
    expect(metadata.favicon).toBe('https://news.example.com/fav.ico');
  });

  it('resolves favicon and canonical against <base href>', () => {
    const metadata = metadataOf('<base href="https://cdn.example.net/assets/"><link rel="icon" href="icon.svg">');
    expect(metadata.favicon).toBe('https://cdn.example.net/assets/icon.svg');
  });
});

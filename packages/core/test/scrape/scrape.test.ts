import { phrases, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConvertPool, htmlToDocument, resolveScrapeOptions, scrape } from '../../src/index.js';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(() => site.close());

describe('scrape()', () => {
  it('returns the article as Markdown without the boilerplate around it', async () => {
    const doc = await scrape(`${site.url}/articles/boilerplate`);
    expect(doc.markdown).toContain(phrases.articleLead);
    for (const noise of [phrases.nav, phrases.footer, phrases.cookie, phrases.ad, phrases.share]) {
      expect(doc.markdown).not.toContain(noise);
    }
    expect(doc.markdown).not.toMatch(/skip to content/i);
    expect(doc.markdown).toMatch(/```js\n/);
    expect(doc.html).toBeUndefined();
    expect(doc.metadata).toMatchObject({
      sourceURL: `${site.url}/articles/boilerplate`,
      url: `${site.url}/articles/boilerplate`,
      statusCode: 200,
      language: 'en',
    });
    expect(doc.metadata.title).toBeTruthy();
    expect(doc.metadata.description).toBeTruthy();
    expect(String(doc.metadata.contentType)).toMatch(/text\/html/);
  });

  it('keeps the boilerplate with onlyMainContent false, and returns every requested format', async () => {
    const doc = await scrape(`${site.url}/articles/boilerplate`, {
      onlyMainContent: false,
      formats: ['markdown', 'html', 'rawHtml', 'links'],
    });
    expect(doc.markdown).toContain(phrases.footer);
    expect(doc.rawHtml).toContain('<script');
    expect(doc.html).not.toContain('<script');
    expect(doc.links!.length).toBeGreaterThan(3);
    for (const link of doc.links!) {
      expect(link).toMatch(/^https?:\/\//);
      expect(link).not.toContain('#');
    }
    expect(new Set(doc.links).size).toBe(doc.links!.length);
  });

  it('reports the final URL after redirects and keeps the requested one as sourceURL', async () => {
    const doc = await scrape(`${site.url}/redirect/301`);
    expect(doc.metadata.sourceURL).toBe(`${site.url}/redirect/301`);
    expect(doc.metadata.url).toBe(`${site.url}/articles/minimal`);
  });

  it('returns a 404 page as a Document, not an exception', async () => {
    const doc = await scrape(`${site.url}/status/404`);
    expect(doc.metadata.statusCode).toBe(404);
    expect(doc.metadata.error).toBe('Not Found');
    expect(doc.metadata.title).toBe('Page not found');
    expect(doc.markdown).toContain('answered with status 404');
  });

  it('turns JSON into a fenced block and plain text into text', async () => {
    const json = await scrape(`${site.url}/data.json`);
    expect(json.markdown).toMatch(/^```json\n[\s\S]*\n```$/);
    const text = await scrape(`${site.url}/plain.txt`);
    expect(text.markdown).not.toContain('```');
    expect(text.markdown!.length).toBeGreaterThan(0);
  });

  it('refuses an image with a clear error', async () => {
    await expect(scrape(`${site.url}/image.png`)).rejects.toMatchObject({ code: 'SCRAPE_UNSUPPORTED_CONTENT' });
  });

  it('reads a PDF into Markdown (documents/ has the rest)', async () => {
    const doc = await scrape(`${site.url}/document.pdf`);
    expect(doc.markdown).toContain(phrases.pdf);
    expect(doc.metadata.numPages).toBe(1);
  });

  it('decodes a Shift_JIS page declared only in <meta>', async () => {
    const doc = await scrape(`${site.url}/charset/shift-jis-meta`, { onlyMainContent: false });
    expect(doc.markdown).toContain('日本語のテキスト');
  });

  it('refuses formats that need an adapter, naming it', async () => {
    await expect(scrape(`${site.url}/articles/minimal`, { formats: ['screenshot'] })).rejects.toMatchObject({
      code: 'SCRAPE_ADAPTER_MISSING',
      message: expect.stringContaining('@trawl/browser-playwright'),
    });
    await expect(scrape(`${site.url}/articles/minimal`, { formats: ['json'] })).rejects.toMatchObject({
      code: 'SCRAPE_ADAPTER_MISSING',
      message: expect.stringContaining('@trawl/llm'),
    });
  });

  it('warns about browser-only options the HTTP engine ignored', async () => {
    const doc = await scrape(`${site.url}/articles/minimal`, { waitFor: 100, mobile: true });
    expect(doc.warning).toBe('The engine used does not support the following features: waitFor, mobile -- your scrape may be partial.');
  });

  it('rejects invalid URLs and options before any request', async () => {
    await expect(scrape('ftp://example.com/')).rejects.toMatchObject({ code: 'SCRAPE_INVALID_URL' });
    await expect(scrape('not a url')).rejects.toMatchObject({ code: 'SCRAPE_INVALID_URL' });
    await expect(scrape(`${site.url}/`, { timeout: -1 })).rejects.toMatchObject({ code: 'INVALID_OPTIONS' });
  });

  it('applies includeTags and excludeTags', async () => {
    const only = await scrape(`${site.url}/articles/boilerplate`, { onlyMainContent: false, includeTags: ['footer'] });
    expect(only.markdown).toContain(phrases.footer);
    expect(only.markdown).not.toContain(phrases.articleLead);
    const without = await scrape(`${site.url}/articles/boilerplate`, { onlyMainContent: false, excludeTags: ['footer'] });
    expect(without.markdown).not.toContain(phrases.footer);
  });

  it('warns, without a browser, that a JavaScript-rendered page may be missing content, in the pool and in this thread', async () => {
    for (const convertPool of [undefined, false as const]) {
      const shell = await scrape(`${site.url}/js-rendered`, { convertPool, waitFor: 100 });
      // The engine's note on what it skipped comes first, then the conversion's on the shell.
      expect(shell.warning).toMatch(
        /^The engine used does not support the following features: waitFor.* The page looks rendered by JavaScript/,
      );
      const article = await scrape(`${site.url}/articles/boilerplate`, { convertPool });
      expect(article.warning).toBeUndefined();
    }
  });
});

describe('htmlToDocument()', () => {
  it('converts HTML the caller already has, resolving links against the given URL', async () => {
    const doc = await htmlToDocument(
      '<html><head><title>T</title></head><body><article><h1>Hello</h1><p>Some text with <a href="/next">a link</a>.</p></article></body></html>',
      {
        url: 'https://example.com/dir/page',
        formats: ['markdown', 'links'],
      },
    );
    expect(doc.markdown).toContain('# Hello');
    expect(doc.markdown).toContain('(https://example.com/next)');
    expect(doc.links).toEqual(['https://example.com/next']);
    expect(doc.metadata).toMatchObject({ title: 'T', sourceURL: 'https://example.com/dir/page', statusCode: 200 });
  });

  it('reads images and attributes from the raw page in the same conversion, in a pool thread and in this thread', async () => {
    const html = `<html><head><base href="https://cdn.example/assets/"><meta property="og:image" content="/social.png">
      <title>Gallery</title></head><body><nav><img src="logo.png" alt="Logo"></nav><article><h1>Gallery</h1>
      <picture><source srcset="wide.webp 1200w, narrow.webp 600w"><img src="photo.jpg" srcset="photo-2x.jpg 2x" alt="Harbour"></picture>
      <img src="photo.jpg#top" alt="Again"><img src="data:image/png;base64,AAAA" alt="Inline"><p lang="fr">Le port.</p></article></body></html>`;
    const options = {
      url: 'https://example.com/gallery',
      images: true,
      attributes: [
        { selector: 'img', attribute: 'alt' },
        { selector: '[lang]', attribute: 'lang' },
      ],
    };
    const inThread = await htmlToDocument(html, options);
    expect(inThread.images).toEqual([
      'https://cdn.example/assets/logo.png',
      'https://cdn.example/assets/wide.webp',
      'https://cdn.example/assets/narrow.webp',
      'https://cdn.example/assets/photo.jpg',
      'https://cdn.example/assets/photo-2x.jpg',
      'https://cdn.example/social.png',
    ]);
    // Read before cleaning, so the navigation's logo is there although the Markdown drops it.
    expect(inThread.attributes).toEqual([
      { selector: 'img', attribute: 'alt', values: ['Logo', 'Harbour', 'Again', 'Inline'] },
      { selector: '[lang]', attribute: 'lang', values: ['fr'] },
    ]);
    expect(inThread.markdown).not.toContain('Logo');
    const pool = new ConvertPool({ threads: 1 });
    try {
      const page = { url: options.url, status: 200, headers: { 'content-type': 'text/html' }, body: Buffer.from(html) };
      const pooled = await pool.convert(page, options.url, resolveScrapeOptions(options), false);
      expect(pooled.document.images).toEqual(inThread.images);
      expect(pooled.document.attributes).toEqual(inThread.attributes);
    } finally {
      await pool.close();
    }
  });

  it('refuses a selector the parser cannot read, before any work', async () => {
    await expect(
      htmlToDocument('<p>x</p>', { url: 'https://example.com/', attributes: [{ selector: 'a[', attribute: 'href' }] }),
    ).rejects.toMatchObject({
      code: 'INVALID_OPTIONS',
    });
  });
});

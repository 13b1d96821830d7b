import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseHrefArticle, boilerplateArticle, phrases, startFixtureSite, type FixtureSite } from '../src/index.js';
import { attributeValues, hrefs } from './helpers/html.js';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(() => site.close());

async function html(path: string): Promise<string> {
  const res = await fetch(`${site.url}${path}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  return res.text();
}

describe('/articles/boilerplate', () => {
  let page: string;
  beforeAll(async () => {
    page = await html('/articles/boilerplate');
  });

  it('has the document metadata a scraper reports', () => {
    const a = boilerplateArticle;
    expect(page).toContain('<html lang="en">');
    expect(page).toContain(`<title>${a.title} | ${a.siteName}</title>`);
    expect(page).toContain(`<meta name="description" content="${a.description}">`);
    expect(page).toContain(`<meta property="og:title" content="${a.title}">`);
    expect(page).toContain(`<meta property="og:image" content="${site.url}${a.ogImagePath}">`);
    expect(page).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(page).toContain(`<link rel="canonical" href="${site.url}${a.canonicalPath}">`);
    expect(page).toContain('<link rel="icon" href="/favicon.ico">');
  });

  it('surrounds the article with boilerplate carrying distinctive phrases', () => {
    expect(page).toContain('<a href="#main">Skip to content</a>');
    expect(page).toContain('<div class="cookie-banner" id="cookie-consent">');
    expect(page).toContain('<div class="ad ad-slot">');
    expect(page).toMatch(/<main id="main">/);
    expect(page).toContain('<iframe src="/ads/banner"');
    expect(page).toMatch(/<div class="share social"/);
    expect(page).toMatch(/<aside class="sidebar">\s*<h2>Related stories<\/h2>/);
    for (const phrase of [phrases.nav, phrases.footer, phrases.cookie, phrases.ad, phrases.sidebar, phrases.share]) {
      expect(page).toContain(phrase);
    }
  });

  it('keeps the boilerplate phrases out of <article> and the lead inside it', () => {
    const article = /<article[\s\S]*<\/article>/.exec(page)?.[0] ?? '';
    expect(article).toContain(phrases.articleLead);
    expect(article).toContain(phrases.articleClosing);
    for (const phrase of [phrases.nav, phrases.footer, phrases.cookie, phrases.ad, phrases.sidebar, phrases.share]) {
      expect(article).not.toContain(phrase);
    }
  });

  it('has the rich elements markdown conversion must handle', () => {
    const article = /<article[\s\S]*<\/article>/.exec(page)?.[0] ?? '';
    for (const tag of ['<h1>', '<h2 ', '<h3>', '<ol>', '<ul>', '<blockquote>', '<thead>', '<tbody>', '<strong>', '<em>']) {
      expect(article).toContain(tag);
    }
    expect(article).toMatch(/<ul>[\s\S]*<li>[^<]*\n\s*<ul>/); // a nested list
    expect(article).toContain('<pre><code class="language-js">function berthShip');
    expect(article).toContain('<pre><code class="language-python">def tide_window');
    expect(article).toContain('<code>VHF channel 12</code>');
  });

  it('has relative, srcset and base64 images', () => {
    const srcs = attributeValues(page, 'img', 'src');
    expect(srcs).toContain(boilerplateArticle.relativeImageSrc);
    expect(srcs.some((src) => src.startsWith('data:image/png;base64,'))).toBe(true);
    expect(page).toContain(`alt="${boilerplateArticle.base64ImageAlt}"`);
    const srcset = attributeValues(page, 'img', 'srcset')[0] ?? '';
    expect(srcset).toContain(`${boilerplateArticle.largestImagePath} 1600w`);
    expect(srcset.split(',')).toHaveLength(3);
  });

  it('has every kind of link, with the protocol-relative one on the requested host', () => {
    const links = hrefs(page);
    const a = boilerplateArticle;
    expect(links).toContain(a.relativeLinkHref);
    expect(links).toContain(`${site.url}/articles/base-href`);
    expect(links).toContain(`//127.0.0.1:${site.port}/charset/utf8`);
    expect(links).toContain(a.fragmentLinkHref);
    expect(links).toContain(a.mailtoHref);
    expect(links).toContain(a.javascriptHref);
    const article = /<article[\s\S]*<\/article>/.exec(page)?.[0] ?? '';
    expect(hrefs(article).filter((href) => href === a.duplicatedLinkHref)).toHaveLength(2);
  });

  it('uses the Host header the client sent for absolute links', async () => {
    const { request } = await import('node:http');
    const body = await new Promise<string>((resolve, reject) => {
      request({ host: '127.0.0.1', port: site.port, path: '/articles/boilerplate', headers: { host: `localhost:${site.port}` } }, (res) => {
        let text = '';
        res
          .setEncoding('utf8')
          .on('data', (chunk: string) => (text += chunk))
          .on('end', () => resolve(text));
      })
        .on('error', reject)
        .end();
    });
    expect(hrefs(body)).toContain(`//localhost:${site.port}/charset/utf8`);
  });

  it('links and images lead to real resources', async () => {
    const base = `${site.url}/articles/boilerplate`;
    const targets = new Set(
      [...hrefs(page), ...attributeValues(page, 'img', 'src')]
        .map((href) => new URL(href, base))
        .filter((url) => url.origin === site.url)
        .map((url) => url.pathname),
    );
    targets.add('/ads/banner');
    targets.add('/img/photo-1600.jpg');
    for (const path of targets) {
      const res = await fetch(`${site.url}${path}`);
      expect(res.status, path).toBe(200);
      await res.arrayBuffer();
    }
  });
});

describe('/articles/base-href', () => {
  it('declares the base element and links that resolve against it to existing pages', async () => {
    const page = await html('/articles/base-href');
    expect(page).toContain('<base href="/docs/guide/">');
    expect(page).toContain(phrases.baseHref);
    const base = new URL(baseHrefArticle.baseHref, site.url);
    expect(hrefs(page)).toEqual(baseHrefArticle.links.map((link) => link.href));
    for (const { href, resolvesTo } of [
      ...baseHrefArticle.links,
      ...baseHrefArticle.images.map((i) => ({ href: i.src, resolvesTo: i.resolvesTo })),
    ]) {
      expect(new URL(href, base).pathname).toBe(resolvesTo);
      const res = await fetch(`${site.url}${resolvesTo}`);
      expect(res.status, resolvesTo).toBe(200);
      await res.arrayBuffer();
    }
    expect(attributeValues(page, 'img', 'src')).toEqual(['figure.png']);
    expect((await fetch(`${site.url}/docs/guide/figure.png`)).headers.get('content-type')).toBe('image/png');
    expect((await fetch(`${site.url}/docs/guide/intro`)).headers.get('content-type')).toBe('text/html; charset=utf-8');
  });
});

describe('/articles/minimal', () => {
  it('is one paragraph with no semantic containers', async () => {
    const page = await html('/articles/minimal');
    expect(page).toContain(`<p>${phrases.minimal}</p>`);
    expect(page).not.toMatch(/<(main|article|section|header|footer|nav|aside)\b/);
  });
});

describe('home page', () => {
  it('links to the main sections', async () => {
    const links = hrefs(await html('/'));
    for (const path of ['/articles/boilerplate', '/crawl/', '/charset/utf8', '/js-rendered']) expect(links).toContain(path);
    expect(links).not.toContain('/orphan');
  });
});

import { baseHrefArticle, boilerplateArticle, phrases, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHtmlDocument } from '../../src/content/assembly/build-document.js';
import { extractLinks } from '../../src/content/assembly/links.js';
import { parseHtml } from '../../src/content/dom/parse.js';
import { resolveScrapeOptions, type ScrapeOptionsInput } from '../../src/options.js';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(() => site.close());

async function page(path: string): Promise<{ html: string; url: string }> {
  const url = `${site.url}${path}`;
  return { html: await (await fetch(url)).text(), url };
}

async function build(path: string, options: ScrapeOptionsInput = {}) {
  const { html, url } = await page(path);
  return buildHtmlDocument({ html, url, sourceURL: url, statusCode: 200 }, resolveScrapeOptions(options));
}

const BOILERPLATE = [phrases.nav, phrases.footer, phrases.cookie, phrases.ad, phrases.adIframe, phrases.sidebar, phrases.share];

describe('content pipeline on the fixture site', () => {
  it('keeps the article of /articles/boilerplate and drops everything around it', async () => {
    const doc = await build(boilerplateArticle.path);
    for (const phrase of [phrases.articleLead, phrases.articleHeading, phrases.articleQuote, phrases.articleClosing]) {
      expect(doc.markdown).toContain(phrase);
    }
    for (const noise of [...BOILERPLATE, phrases.skipLink]) expect(doc.markdown).not.toContain(noise);
    expect(doc.markdown).toContain(`| ${phrases.articleTableCell} |`);
    expect(doc.markdown).toContain(`\`\`\`js\n${phrases.articleCodeJs}`);
    expect(doc.markdown).toContain(`\`\`\`python\n${phrases.articleCodePython}`);
    expect(doc.markdown).toContain(`${site.url}${boilerplateArticle.largestImagePath}`);
  });

  it("keeps the article's H1 once, first, where Readability would drop it as a repeat of the title", async () => {
    const doc = await build(boilerplateArticle.path);
    const h1s = (doc.markdown ?? '').split('\n').filter((line) => line.startsWith('# '));
    expect(h1s).toEqual([`# ${boilerplateArticle.title}`]);
    expect(doc.markdown!.indexOf(`# ${boilerplateArticle.title}`)).toBeLessThan(doc.markdown!.indexOf(phrases.articleLead));
  });

  it("keeps a home page's H1 as an H1, not an H2", async () => {
    const doc = await build('/');
    expect(doc.markdown).toMatch(/^# Trawl fixture site$/m);
    expect(doc.markdown).not.toMatch(/^## Trawl fixture site$/m);
  });

  it('keeps nav, footer, sidebar and share without onlyMainContent, but not ads or the cookie banner', async () => {
    const doc = await build(boilerplateArticle.path, { onlyMainContent: false });
    for (const kept of [phrases.articleLead, phrases.nav, phrases.footer, phrases.sidebar, phrases.share]) {
      expect(doc.markdown).toContain(kept);
    }
    for (const blocked of [phrases.cookie, phrases.ad, phrases.skipLink]) expect(doc.markdown).not.toContain(blocked);
  });

  it('reads the page metadata', async () => {
    const { metadata } = await build(boilerplateArticle.path);
    expect(metadata).toMatchObject({
      description: boilerplateArticle.description,
      language: boilerplateArticle.language,
      ogTitle: boilerplateArticle.title,
      ogSiteName: boilerplateArticle.siteName,
      publishedTime: boilerplateArticle.publishedTime,
      author: boilerplateArticle.author,
      canonical: `${site.url}${boilerplateArticle.canonicalPath}`,
      favicon: `${site.url}/favicon.ico`,
    });
    expect(metadata.title).toContain(boilerplateArticle.title);
  });

  it('replaces the base64 image but keeps its alt text by default, as Firecrawl does', async () => {
    const doc = await build(boilerplateArticle.path);
    expect(doc.markdown).toContain(`![${boilerplateArticle.base64ImageAlt}](<Base64-Image-Removed>)`);
    expect(doc.markdown).not.toContain('data:image');
  });

  it('keeps the base64 image with removeBase64Images: false', async () => {
    const doc = await build(boilerplateArticle.path, { removeBase64Images: false, onlyMainContent: false });
    expect(doc.markdown).toContain('data:image');
  });

  it('lists every link of the raw page for a crawler, resolved and filtered', async () => {
    const { html, url } = await page(boilerplateArticle.path);
    const links = extractLinks(parseHtml(html), url);
    expect(links).toContain(`${site.url}/subscribe`);
    expect(links).toContain(`${site.url}/articles/minimal`);
    expect(links.filter((link) => link === `${site.url}${boilerplateArticle.duplicatedLinkHref}`)).toHaveLength(1);
    expect(links.some((link) => /^(mailto|javascript):|#/.test(link))).toBe(false);
  });

  it('resolves links and images of /articles/base-href against its <base href>', async () => {
    // The whole page: this is about resolving against <base href>; a bare list of links is what the
    // link-dense-blocks step may drop from main content.
    const doc = await build(baseHrefArticle.path, { formats: ['links', 'markdown'], onlyMainContent: false });
    for (const { resolvesTo } of baseHrefArticle.links) expect(doc.links).toContain(`${site.url}${resolvesTo}`);
    for (const { resolvesTo } of baseHrefArticle.images) expect(doc.markdown).toContain(`${site.url}${resolvesTo}`);
  });

  it('never leaves /articles/minimal empty', async () => {
    const doc = await build('/articles/minimal');
    expect(doc.markdown).toBe(phrases.minimal);
  });
});

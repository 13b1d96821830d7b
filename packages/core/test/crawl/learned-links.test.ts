import {
  startFixtureSite,
  startSyntheticSite,
  syntheticPageHtml,
  syntheticPagePaths,
  type FixtureSite,
  type SyntheticSite,
} from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawl, htmlToDocument, resolveScrapeOptions, type Document } from '../../src/index.js';
import { FIRST_SAMPLE_EVERY, LinkTemplates, MAX_SAMPLE_EVERY, VERIFICATIONS } from '../../src/content/assembly/learned-links.js';
import type { PageShape } from '../../src/content/assembly/links-stream.js';
import { linkTemplateScope } from '../../src/pipeline/link-template-scopes.js';
import { convertPageContent } from '../../src/pipeline/to-document.js';

/** Small pages, so the full decision every page is compared with stays quick. */
const SITE = { pages: 160, seed: 7, minPageBytes: 4_000, maxPageBytes: 12_000 };
const ORIGIN = 'https://site.example';
const LINKS = resolveScrapeOptions({ formats: ['links'] });

let site: SyntheticSite;
let fixtures: FixtureSite;
beforeAll(async () => {
  [site, fixtures] = await Promise.all([startSyntheticSite(SITE), startFixtureSite()]);
});
afterAll(() => Promise.all([site.close(), fixtures.close()]));

async function crawled(limit: number, convertPool?: false, start = `${site.url}/`): Promise<Document[]> {
  const documents: Document[] = [];
  const job = crawl(start, {
    limit,
    ignoreSitemap: true,
    scrapeOptions: { formats: ['links'] },
    ...(convertPool === false ? { convertPool } : {}),
  });
  for await (const document of job) documents.push(document);
  return documents;
}

/** The links a single conversion gives, which never reads a learned template. */
async function fullDecision(html: string, url: string, statusCode = 200): Promise<string[] | undefined> {
  return (await htmlToDocument(html, { url, formats: ['links'], statusCode })).links;
}

/** Every page of a crawl has the links of the full decision; returns how many were read from a template. */
async function expectFullDecisions(documents: Document[]): Promise<number> {
  for (const document of documents) {
    const response = await fetch(document.metadata.url);
    const html = await response.text();
    expect(document.links, document.metadata.url).toEqual(await fullDecision(html, document.metadata.url, response.status));
  }
  return documents.filter((document) => document.metadata.linksFrom === 'learned-template').length;
}

/** A page converted as a crawl in `scope` converts it. */
function crawlPage(html: string, path: string, scope: string): Document {
  const page = { url: `${ORIGIN}${path}`, status: 200, headers: { 'content-type': 'text/html' }, body: Buffer.from(html) };
  return convertPageContent(page, page.url, LINKS, true, scope).document;
}

const paths = syntheticPagePaths(SITE);
const pageHtml = (index: number) => syntheticPageHtml(index, SITE);

/** Converts pages 1..count in `scope` until the template is trusted; returns how many went the learned way. */
function teach(scope: string, count: number): number {
  let learned = 0;
  for (let index = 1; index <= count; index++) {
    if (crawlPage(pageHtml(index), paths[index]!, scope).metadata.linksFrom === 'learned-template') learned++;
  }
  return learned;
}

describe('learned link templates', () => {
  it('a crawl gives every page the links of the full decision, most read from the learned template', { timeout: 120_000 }, async () => {
    for (const convertPool of [false, undefined] as const) {
      const documents = await crawled(80, convertPool);
      expect(documents.length).toBe(80);
      // The first pages of each conversion thread, and a sample of the others, take the full decision.
      expect(await expectFullDecisions(documents)).toBeGreaterThan(50);
    }
  });

  it('a crawl of the fixture site (articles, docs, shops, forums…) reads some pages from templates, each as the full decision', {
    timeout: 120_000,
  }, async () => {
    const documents = await crawled(400, false, `${fixtures.url}/`);
    expect(await expectFullDecisions(documents)).toBeGreaterThan(0);
  });

  it('a page that breaks the template takes the full decision, and one that fits it does not', async () => {
    const scope = linkTemplateScope('team-a', 'breaks');
    expect(teach(scope, 10)).toBeGreaterThan(0);
    // A block of links in a place no page of the template had: the template cannot say.
    const broken = pageHtml(20).replace(
      '<nav class="related">',
      '<aside class="promo"><a href="/promo">Promo</a></aside>\n<nav class="related">',
    );
    const document = crawlPage(broken, paths[20]!, scope);
    expect(document.metadata.linksFrom).toBeUndefined();
    expect(document.links).toEqual(await fullDecision(broken, `${ORIGIN}${paths[20]}`));
    // Another layout (no <main>): another template, not yet learned.
    const otherLayout = pageHtml(21).replace('<main>', '<div class="wrap">').replace('</main>', '</div>');
    expect(crawlPage(otherLayout, paths[21]!, scope).metadata.linksFrom).toBeUndefined();
    // An error status in the template's layout: the crawler needs the full decision's block-page verdict.
    const notFound = {
      url: `${ORIGIN}${paths[23]}`,
      status: 404,
      headers: { 'content-type': 'text/html' },
      body: Buffer.from(pageHtml(23)),
    };
    expect(convertPageContent(notFound, notFound.url, LINKS, true, scope).document.metadata.linksFrom).toBeUndefined();
    const fits = crawlPage(pageHtml(22), paths[22]!, scope);
    expect(fits.metadata.linksFrom).toBe('learned-template');
    expect(fits.links).toEqual(await fullDecision(pageHtml(22), `${ORIGIN}${paths[22]}`));
  });

  it('is never shared between teams, nor read outside a crawl', async () => {
    const scope = linkTemplateScope('team-a', 'shared-job-id');
    expect(teach(scope, 10)).toBeGreaterThan(0);
    expect(crawlPage(pageHtml(30), paths[30]!, scope).metadata.linksFrom).toBe('learned-template');
    // The same job id under another team learns from nothing it did not see itself.
    expect(teach(linkTemplateScope('team-b', 'shared-job-id'), VERIFICATIONS + 1)).toBe(0);
    // A scrape, a batch or a conversion names no scope: the full decision.
    const page = { url: `${ORIGIN}${paths[30]}`, status: 200, headers: { 'content-type': 'text/html' }, body: Buffer.from(pageHtml(30)) };
    expect(convertPageContent(page, page.url, LINKS, false).document.metadata.linksFrom).toBeUndefined();
  });
});

describe('LinkTemplates', () => {
  const shape = (urls: string[], paths: number[], textChars = 5_000): PageShape => ({ urls, paths, skeleton: '0body\n1main', textChars });
  const url = `${ORIGIN}/post`;
  const nav = 1;
  const article = 2;
  const page = (n: number, textChars?: number) =>
    shape([`${ORIGIN}/`, `${ORIGIN}/a${n}`, `${ORIGIN}/b${n}`], [nav, article, article], textChars);
  const decided = (n: number) => ({ links: [`${ORIGIN}/a${n}`, `${ORIGIN}/b${n}`], plain: true });

  /** Full decisions until the template is trusted; returns the page number to go on from. */
  function trust(templates: LinkTemplates): number {
    let n = 0;
    for (let verified = -1; verified < VERIFICATIONS; n++) {
      const reading = templates.read(url, page(n));
      expect(reading.links).toBeUndefined();
      reading.settle(decided(n));
      verified++;
    }
    return n;
  }

  it('gives links only after verifying them, and samples fewer pages as samples agree', () => {
    const templates = new LinkTemplates();
    let n = trust(templates);
    const gaps: number[] = [];
    let since = 0;
    for (let i = 0; i < 450; i++, n++) {
      since++;
      const reading = templates.read(url, page(n));
      if (reading.links) expect(reading.links).toEqual(decided(n).links);
      else {
        gaps.push(since);
        since = 0;
        reading.settle(decided(n));
      }
    }
    expect(gaps).toEqual([FIRST_SAMPLE_EVERY, FIRST_SAMPLE_EVERY * 2, FIRST_SAMPLE_EVERY * 4, MAX_SAMPLE_EVERY, MAX_SAMPLE_EVERY]);
  });

  it('drops a trusted template whose sample the full decision contradicts', () => {
    const templates = new LinkTemplates();
    let n = trust(templates);
    let reading = templates.read(url, page(n));
    while (reading.links) reading = templates.read(url, page(++n));
    // The sampled page: the main content kept the nav link too, which the template would have dropped.
    reading.settle({ links: [`${ORIGIN}/`, ...decided(n).links], plain: true });
    for (let i = 0; i < MAX_SAMPLE_EVERY * 2; i++) expect(templates.read(url, page(n + i)).links).toBeUndefined();
  });

  it('sends a page shorter than those it was verified on to the full decision, which neither drops nor teaches the template', () => {
    const templates = new LinkTemplates();
    const n = trust(templates);
    const short = templates.read(url, page(n, 300));
    expect(short.links).toBeUndefined();
    // Read by its region, the short page keeps the nav link too.
    short.settle({ links: [`${ORIGIN}/`, ...decided(n).links], plain: true });
    expect(templates.read(url, page(n + 1)).links).toEqual(decided(n + 1).links);
    // Twice the longest verified text is still the template's; more is not.
    expect(templates.read(url, page(n + 2, 10_000)).links).toEqual(decided(n + 2).links);
    expect(templates.read(url, page(n + 3, 10_001)).links).toBeUndefined();
  });

  it('learns nothing from a page with a warning or a block page, and takes a mixed place to the full decision', () => {
    const templates = new LinkTemplates();
    for (let n = 0; n < 10; n++) templates.read(url, page(n)).settle({ ...decided(n), plain: false });
    expect(templates.read(url, page(10)).links).toBeUndefined();
    const mixed = new LinkTemplates();
    let n = trust(mixed);
    // A page whose article link the main content dropped: the article's place is now mixed.
    let reading = mixed.read(url, page(n));
    while (reading.links) reading = mixed.read(url, page(++n));
    reading.settle({ links: [`${ORIGIN}/a${n}`], plain: true });
    expect(mixed.read(url, page(n + 1)).links).toBeUndefined();
  });
});

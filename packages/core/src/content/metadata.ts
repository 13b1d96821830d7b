import type { DocumentMetadata } from '../document.js';
import type { HtmlDocument } from './parse.js';
import { absoluteUrl, documentBaseUrl } from './urls.js';

/** What a page says about itself; the pipeline adds sourceURL, url, statusCode and contentType. */
export type PageMetadata = Omit<DocumentMetadata, 'sourceURL' | 'url' | 'statusCode'>;

/** Firecrawl's camelCase names for well-known `<meta>` properties, kept for client compatibility. */
const NAMED_META: Record<string, string> = {
  'og:title': 'ogTitle',
  'og:description': 'ogDescription',
  'og:url': 'ogUrl',
  'og:image': 'ogImage',
  'og:audio': 'ogAudio',
  'og:determiner': 'ogDeterminer',
  'og:locale': 'ogLocale',
  'og:locale:alternate': 'ogLocaleAlternate',
  'og:site_name': 'ogSiteName',
  'og:video': 'ogVideo',
  'article:section': 'articleSection',
  'article:tag': 'articleTag',
  'article:published_time': 'publishedTime',
  'article:modified_time': 'modifiedTime',
  'dcterms.keywords': 'dcTermsKeywords',
  'dc.description': 'dcDescription',
  'dc.subject': 'dcSubject',
  'dcterms.subject': 'dcTermsSubject',
  'dcterms.audience': 'dcTermsAudience',
  'dc.type': 'dcType',
  'dcterms.type': 'dcTermsType',
  'dc.date': 'dcDate',
  'dc.date.created': 'dcDateCreated',
  'dcterms.created': 'dcTermsCreated',
};
/** Named fields that are lists by nature, so a single value still comes back as an array. */
const LIST_FIELDS = new Set(['ogLocaleAlternate']);

/** Title, description, language, favicon, canonical, every `<meta>` value and the og* fields. */
export function extractMetadata(document: HtmlDocument, pageUrl: string): PageMetadata {
  const baseUrl = documentBaseUrl(document, pageUrl);
  const metadata: PageMetadata = {};
  const raw = rawMetaValues(document);
  for (const [name, values] of raw) {
    metadata[name] = name === 'description' ? values.join(', ') : single(values);
    const field = NAMED_META[name.toLowerCase()];
    if (field && metadata[field] === undefined) {
      metadata[field] = LIST_FIELDS.has(field) ? values : single(values);
    }
  }

  const title = pageTitle(document) ?? first(raw.get('og:title'));
  const description = raw.get('description')?.join(', ') ?? first(raw.get('og:description'));
  const language = document.documentElement.getAttribute('lang')?.trim() || contentLanguage(document);
  const icon = favicon(document, baseUrl);
  const canonicalUrl = canonical(document, baseUrl);
  if (title) metadata.title = title;
  if (description) metadata.description = description;
  if (language) metadata.language = language;
  if (icon) metadata.favicon = icon;
  if (canonicalUrl) metadata.canonical = canonicalUrl;
  return metadata;
}

/** Values of every `<meta name|property|itemprop content>`, by raw name, in page order. */
function rawMetaValues(document: HtmlDocument): Map<string, string[]> {
  const values = new Map<string, string[]>();
  for (const meta of Array.from(document.getElementsByTagName('meta'))) {
    const name = (meta.getAttribute('name') ?? meta.getAttribute('property') ?? meta.getAttribute('itemprop'))?.trim();
    const content = meta.getAttribute('content')?.trim();
    if (!name || !content) continue;
    const list = values.get(name);
    if (list) list.push(content);
    else values.set(name, [content]);
  }
  return values;
}

/** The document's `<title>`, ignoring the `<title>` elements of inline SVG icons. */
function pageTitle(document: HtmlDocument): string | undefined {
  for (const element of Array.from(document.getElementsByTagName('title'))) {
    if (element.closest('svg')) continue;
    const text = collapseWhitespace(element.textContent ?? '');
    if (text) return text;
  }
  return undefined;
}

/** The first language of `<meta http-equiv="content-language">` (it may list several). */
function contentLanguage(document: HtmlDocument): string | undefined {
  for (const meta of Array.from(document.getElementsByTagName('meta'))) {
    if (meta.getAttribute('http-equiv')?.trim().toLowerCase() !== 'content-language') continue;
    const language = meta.getAttribute('content')?.split(',')[0]?.trim();
    if (language) return language;
  }
  return undefined;
}

/** The declared icon: rel "icon" (or "shortcut icon") first, else a variant such as "apple-touch-icon". */
function favicon(document: HtmlDocument, baseUrl: string): string | undefined {
  const links = linksWithRel(document, (rel) => rel.some((token) => token === 'icon' || token.endsWith('-icon')));
  const plain = links.find((link) => relTokens(link).includes('icon'));
  return hrefOf(plain ?? links[0], baseUrl);
}

function canonical(document: HtmlDocument, baseUrl: string): string | undefined {
  return hrefOf(linksWithRel(document, (rel) => rel.includes('canonical'))[0], baseUrl);
}

function linksWithRel(document: HtmlDocument, matches: (rel: string[]) => boolean): Element[] {
  return Array.from(document.getElementsByTagName('link')).filter((link) => link.hasAttribute('href') && matches(relTokens(link)));
}

function relTokens(link: Element): string[] {
  return (link.getAttribute('rel') ?? '').toLowerCase().split(/\s+/);
}

function hrefOf(link: Element | undefined, baseUrl: string): string | undefined {
  const href = link?.getAttribute('href')?.trim();
  return href ? absoluteUrl(href, baseUrl) : undefined;
}

function single(values: string[]): string | string[] {
  return values.length === 1 ? values[0]! : values;
}

function first(values: string[] | undefined): string | undefined {
  return values?.[0];
}

function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

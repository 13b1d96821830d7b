import type { DocumentMetadata } from '../../document.js';
import type { HtmlDocument } from '../dom/parse.js';
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

/**
 * What metadata is made of, read from a page: by the DOM here, or by the streaming reader of a
 * links-only page (links-stream.ts), which builds no tree. Both give the same facts.
 */
export interface MetadataFacts {
  /** The attributes of every `<meta>`, in page order. */
  metas: Array<Record<string, string>>;
  /** Every `<link>` that has an href attribute, in page order. */
  links: Array<{ rel: string; href: string }>;
  /** The text of every `<title>` outside inline SVG (whose icons have titles too), in page order. */
  titles: string[];
  /** The document element's lang attribute. */
  lang: string | undefined;
  /** The URL relative references resolve against (documentBaseUrl). */
  baseUrl: string;
}

/** Title, description, language, favicon, canonical, every `<meta>` value and the og* fields. */
export function extractMetadata(document: HtmlDocument, pageUrl: string): PageMetadata {
  return metadataFromFacts(metadataFacts(document, pageUrl));
}

function metadataFacts(document: HtmlDocument, pageUrl: string): MetadataFacts {
  const attributes = (element: Element) => Object.fromEntries(Array.from(element.attributes, (a) => [a.name, a.value]));
  return {
    metas: Array.from(document.getElementsByTagName('meta'), attributes),
    links: Array.from(document.getElementsByTagName('link'))
      .filter((link) => link.hasAttribute('href'))
      .map((link) => ({ rel: link.getAttribute('rel') ?? '', href: link.getAttribute('href')! })),
    titles: Array.from(document.getElementsByTagName('title'))
      .filter((title) => !title.closest('svg'))
      .map((title) => title.textContent ?? ''),
    lang: document.documentElement.getAttribute('lang') ?? undefined,
    baseUrl: documentBaseUrl(document, pageUrl),
  };
}

/** The metadata the facts of a page make. */
export function metadataFromFacts(facts: MetadataFacts): PageMetadata {
  const metadata: PageMetadata = {};
  const raw = rawMetaValues(facts.metas);
  for (const [name, values] of raw) {
    metadata[name] = name === 'description' ? values.join(', ') : single(values);
    const field = NAMED_META[name.toLowerCase()];
    if (field && metadata[field] === undefined) {
      metadata[field] = LIST_FIELDS.has(field) ? values : single(values);
    }
  }

  const title = pageTitle(facts.titles) ?? first(raw.get('og:title'));
  const description = raw.get('description')?.join(', ') ?? first(raw.get('og:description'));
  const language = facts.lang?.trim() || contentLanguage(facts.metas);
  const icon = favicon(facts.links, facts.baseUrl);
  const canonicalUrl = hrefOf(
    facts.links.find((link) => relTokens(link).includes('canonical')),
    facts.baseUrl,
  );
  if (title) metadata.title = title;
  if (description) metadata.description = description;
  if (language) metadata.language = language;
  if (icon) metadata.favicon = icon;
  if (canonicalUrl) metadata.canonical = canonicalUrl;
  return metadata;
}

/** Values of every `<meta name|property|itemprop content>`, by raw name, in page order. */
function rawMetaValues(metas: MetadataFacts['metas']): Map<string, string[]> {
  const values = new Map<string, string[]>();
  for (const meta of metas) {
    const name = (meta.name ?? meta.property ?? meta.itemprop)?.trim();
    const content = meta.content?.trim();
    if (!name || !content) continue;
    const list = values.get(name);
    if (list) list.push(content);
    else values.set(name, [content]);
  }
  return values;
}

/** The first title with text. */
function pageTitle(titles: string[]): string | undefined {
  for (const title of titles) {
    const text = collapseWhitespace(title);
    if (text) return text;
  }
  return undefined;
}

/** The first language of `<meta http-equiv="content-language">` (it may list several). */
function contentLanguage(metas: MetadataFacts['metas']): string | undefined {
  for (const meta of metas) {
    if (meta['http-equiv']?.trim().toLowerCase() !== 'content-language') continue;
    const language = meta.content?.split(',')[0]?.trim();
    if (language) return language;
  }
  return undefined;
}

type LinkFact = MetadataFacts['links'][number];

/** The declared icon: rel "icon" (or "shortcut icon") first, else a variant such as "apple-touch-icon". */
function favicon(links: LinkFact[], baseUrl: string): string | undefined {
  const icons = links.filter((link) => relTokens(link).some((token) => token === 'icon' || token.endsWith('-icon')));
  const plain = icons.find((link) => relTokens(link).includes('icon'));
  return hrefOf(plain ?? icons[0], baseUrl);
}

function relTokens(link: LinkFact): string[] {
  return link.rel.toLowerCase().split(/\s+/);
}

function hrefOf(link: LinkFact | undefined, baseUrl: string): string | undefined {
  const href = link?.href.trim();
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

import type { Document as ScrapedDocument } from '../../document.js';
import type { ResolvedScrapeOptions } from '../../options.js';
import type { HtmlPage } from './build-document.js';
import { type StreamedPage, streamPageLinks } from './links-stream.js';
import { metadataFromFacts } from './metadata.js';

/** Formats a page can be given without a DOM. */
const WITHOUT_A_TREE = new Set(['links', 'rawHtml']);

/**
 * Whether a page is needed only for its links and metadata (a links-only crawl, map, a crawl
 * that returns only URLs): then the streaming reader gives the same Document as
 * buildHtmlDocument, without building a tree, cleaning it or walking it (links-stream.test.ts).
 * Main content, includeTags and excludeTags choose elements by what a tree says of them, and
 * images, attributes and the page profiles read it, so they keep the DOM path.
 */
export function linksOnlyPage(options: ResolvedScrapeOptions): boolean {
  if (!options.formats.every((format) => WITHOUT_A_TREE.has(format))) return false;
  if (options.images || options.attributes?.length || options.profiles?.length) return false;
  if (!options.formats.includes('links')) return true;
  return !options.onlyMainContent && !options.includeTags?.length && !options.excludeTags?.length;
}

/** buildHtmlDocument for a page linksOnlyPage accepts, plus every link of the raw page (what a crawler follows). */
export function buildLinksOnlyDocument(page: HtmlPage, options: ResolvedScrapeOptions): { document: ScrapedDocument; pageLinks: string[] } {
  const streamed = streamPageLinks(page.html, page.url, { blockAds: options.blockAds });
  return { document: streamedDocument(page, streamed, streamed.contentLinks, options), pageLinks: streamed.pageLinks };
}

/** The Document of a page read by the tokenizer, with `links` for the links format (learned-links-conversion.ts gives its own). */
export function streamedDocument(page: HtmlPage, streamed: StreamedPage, links: string[], options: ResolvedScrapeOptions): ScrapedDocument {
  const document: ScrapedDocument = {
    metadata: {
      ...metadataFromFacts(streamed.facts),
      sourceURL: page.sourceURL,
      url: page.url,
      statusCode: page.statusCode,
      ...(page.contentType === undefined ? {} : { contentType: page.contentType }),
    },
  };
  if (options.formats.includes('links')) document.links = links;
  if (options.formats.includes('rawHtml')) document.rawHtml = page.html;
  return document;
}

import type { HtmlPage } from '../content/assembly/build-document.js';
import { streamedDocument } from '../content/assembly/links-only-document.js';
import { streamPageLinks } from '../content/assembly/links-stream.js';
import type { ResolvedScrapeOptions } from '../options.js';
import type { PageConversion } from '../ports/converter.js';
import { linkTemplatesOf } from './link-template-scopes.js';

/**
 * Whether a crawl's pages may be read from learned link templates: the links format (rawHtml
 * beside it changes nothing) with main content and no option that reads the tree.
 */
export function learnsLinkTemplates(options: ResolvedScrapeOptions): boolean {
  if (!options.onlyMainContent || !options.formats.includes('links')) return false;
  if (!options.formats.every((format) => format === 'links' || format === 'rawHtml')) return false;
  if (options.images || options.attributes?.length || options.profiles?.length) return false;
  return !options.includeTags?.length && !options.excludeTags?.length;
}

/**
 * A crawl's page in the links format with main content: read with the tokenizer when the
 * crawl's learned template of the page gives its links (learned-links.ts), else by
 * `fullDecision`, which the template then checks itself against and learns from. The caller
 * finishes the Document (HTTP error, JavaScript-shell warning) alike on both ways.
 */
export function convertWithLearnedLinks(
  page: HtmlPage,
  options: ResolvedScrapeOptions,
  scope: string,
  withPageLinks: boolean,
  fullDecision: () => PageConversion,
): PageConversion {
  // An error page (404, 429…) often has the site's layout, but the crawler needs its block-page
  // verdict (not found, rate limit), which only the full decision's tree gives.
  if (page.statusCode < 200 || page.statusCode >= 300) return fullDecision();
  const streamed = streamPageLinks(page.html, page.url, { blockAds: options.blockAds, shapes: true });
  const reading = linkTemplatesOf(scope).read(page.url, streamed.shape!);
  if (reading.links) {
    const document = streamedDocument(page, streamed, reading.links, options);
    document.metadata.linksFrom = 'learned-template';
    return { document, pageLinks: withPageLinks ? streamed.pageLinks : [] };
  }
  const conversion = fullDecision();
  const { document, blockPage } = conversion;
  reading.settle({ links: document.links ?? [], plain: document.warning === undefined && blockPage === undefined });
  return conversion;
}

import { STATUS_CODES } from 'node:http';
import { classifyBlockPage, type BlockVerdict } from '../blocks/classify.js';
import { buildHtmlDocument, extractLinks, type HtmlDocument } from '../content/index.js';
import { buildLinksOnlyDocument, linksOnlyPage } from '../content/assembly/links-only-document.js';
import type { Document, DocumentMetadata } from '../document.js';
import { TrawlError } from '../errors.js';
import { decodeBody } from '../fetch/charset.js';
import type { PageContent, PageConversion } from '../ports/converter.js';
import type { LoadedPage } from '../ports/loaded-page.js';
import { MAX_LINKS_PER_PAGE } from '../limits.js';
import type { ResolvedScrapeOptions } from '../options.js';
import { contentKind } from './content-kind.js';
import { convertWithLearnedLinks, learnsLinkTemplates } from './learned-links-conversion.js';
import { JS_SHELL_WARNING, looksRenderedByJavaScript } from './engine-choice.js';
import { textDocument } from './text-document.js';

/** Turns a loaded page into a Document of the requested formats. */
export function pageToDocument(page: LoadedPage, sourceURL: string, options: ResolvedScrapeOptions): Document {
  return convertPage(page, sourceURL, options, false).document;
}

export type { PageContent, PageConversion } from '../ports/converter.js';

/** pageToDocument for crawlers: the same single parse also yields every link of the raw page. */
export function convertPage(
  page: LoadedPage,
  sourceURL: string,
  options: ResolvedScrapeOptions,
  withPageLinks: boolean,
  linkTemplates?: string,
): PageConversion {
  return withEngineExtras(page, convertPageContent(page, sourceURL, options, withPageLinks, linkTemplates));
}

/** The conversion itself (decode, parse, clean, formats, links), in whichever thread calls it. */
export function convertPageContent(
  page: PageContent,
  sourceURL: string,
  options: ResolvedScrapeOptions,
  withPageLinks: boolean,
  linkTemplates?: string,
): PageConversion {
  return capLinks(convertContent(page, sourceURL, options, withPageLinks, linkTemplates));
}

/** What only a browser produces, and what the engine skipped, ride along on the loaded page. */
export function withEngineExtras(page: LoadedPage, conversion: PageConversion): PageConversion {
  const { document } = conversion;
  if (page.screenshot !== undefined) document.screenshot = page.screenshot;
  if (page.actions) document.actions = page.actions;
  if (page.warning) document.warning = document.warning ? `${page.warning} ${document.warning}` : page.warning;
  return conversion;
}

/**
 * A page keeps its first MAX_LINKS_PER_PAGE links (in the document and for the crawler); the
 * rest are dropped with a warning, so a page of a million links cannot flood a crawl.
 * extractLinks reads one link past the cap, which is how a longer page shows here.
 */
export function capLinks(conversion: PageConversion): PageConversion {
  const { document, pageLinks } = conversion;
  const found = Math.max(document.links?.length ?? 0, pageLinks.length);
  if (found <= MAX_LINKS_PER_PAGE) return conversion;
  if (document.links && document.links.length > MAX_LINKS_PER_PAGE) document.links = document.links.slice(0, MAX_LINKS_PER_PAGE);
  const note = `The page has more than ${MAX_LINKS_PER_PAGE} links; only the first ${MAX_LINKS_PER_PAGE} were kept.`;
  document.warning = document.warning ? `${document.warning} ${note}` : note;
  return { ...conversion, document, pageLinks: pageLinks.slice(0, MAX_LINKS_PER_PAGE) };
}

function convertContent(
  page: PageContent,
  sourceURL: string,
  options: ResolvedScrapeOptions,
  withPageLinks: boolean,
  linkTemplates: string | undefined,
): PageConversion {
  const contentType = page.headers['content-type'];
  const kind = contentKind(contentType, page.body);
  if (kind === 'unsupported') {
    throw new TrawlError(
      'SCRAPE_UNSUPPORTED_CONTENT',
      `${page.url} returned ${contentType}, which Trawl cannot turn into text (HTML, JSON, XML, plain text and documents such as PDF, Word, spreadsheets and slides are supported)`,
    );
  }
  if (kind === 'document') {
    // Documents are read asynchronously (pdf.js): convertLoadedPage and the pool route them to convertDocumentPage.
    throw new TrawlError(
      'SCRAPE_UNSUPPORTED_CONTENT',
      `${page.url} is a document (${contentType}): convert it with scrape() or convertLoadedPage`,
    );
  }
  const { text } = decodeBody(page.body, contentType, kind === 'html');
  const error = page.status >= 400 ? (STATUS_CODES[page.status] ?? `HTTP ${page.status}`) : undefined;
  if (kind === 'html' && linksOnlyPage(options)) {
    // Needed only for its links: read without a tree (content/links-only-document.ts).
    const { document, pageLinks } = buildLinksOnlyDocument(
      { html: text, url: page.url, sourceURL, statusCode: page.status, contentType },
      options,
    );
    return { document: finishHtmlDocument(document, page, text, error, undefined), pageLinks: withPageLinks ? pageLinks : [] };
  }
  if (kind === 'html') {
    const html = { html: text, url: page.url, sourceURL, statusCode: page.status, contentType };
    const finish = (document: Document, blockPage?: BlockVerdict) => finishHtmlDocument(document, page, text, error, blockPage);
    const fullDecision = () => {
      let pageLinks: string[] = [];
      let blockPage: BlockVerdict | undefined;
      // The page as served, before cleaning changes it: a crawler's links, and whether it is a block page.
      const onParsed = (dom: HtmlDocument) => {
        if (withPageLinks) pageLinks = extractLinks(dom, page.url);
        blockPage = classifyBlockPage(dom, { status: page.status, headers: page.headers, url: page.url, sourceURL });
      };
      const conversion: PageConversion = { document: buildHtmlDocument(html, options, { onParsed }), pageLinks };
      if (blockPage) conversion.blockPage = blockPage;
      return conversion;
    };
    // A crawl's links with main content: read from a learned template when the crawl has one.
    const conversion =
      linkTemplates !== undefined && learnsLinkTemplates(options)
        ? convertWithLearnedLinks(html, options, linkTemplates, withPageLinks, fullDecision)
        : fullDecision();
    conversion.document = finish(conversion.document, conversion.blockPage);
    return conversion;
  }
  const metadata: DocumentMetadata = { sourceURL, url: page.url, statusCode: page.status };
  if (contentType) metadata.contentType = contentType;
  if (error) metadata.error = error;
  return { document: textDocument(text, kind, metadata, options), pageLinks: [] };
}

/** What every HTML Document gets after conversion: the HTTP error, and the JavaScript-shell warning. */
function finishHtmlDocument(
  document: Document,
  page: PageContent,
  text: string,
  error: string | undefined,
  blockPage: BlockVerdict | undefined,
): Document {
  if (error) document.metadata.error = error;
  const succeeded = page.status >= 200 && page.status < 300;
  if (page.warnIfRenderedByJavaScript && succeeded && (blockPage?.kind === 'app-shell' || looksRenderedByJavaScript(text))) {
    document.warning = document.warning ? `${JS_SHELL_WARNING} ${document.warning}` : JS_SHELL_WARNING;
  }
  return document;
}

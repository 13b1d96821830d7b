import { STATUS_CODES } from 'node:http';
import { extractLinks } from '../content/index.js';
import type { ResolvedScrapeOptions } from '../options.js';
import type { PageContent, PageConversion } from '../pipeline/to-document.js';
import { base64Document, readingToDocument, type DocumentSource } from './document-to-document.js';
import { declaredDocumentFormat, detectDocumentFormat, type DocumentFormat } from './formats.js';
import { readDocument } from './read-document.js';

/**
 * The document format of a loaded page: from its bytes, else its Content-Type (a response that
 * claims a document format its bytes do not bear out is that format, and fails to read as it).
 */
export function documentFormatOf(page: Pick<PageContent, 'url' | 'headers' | 'body'>): DocumentFormat | undefined {
  const contentType = page.headers['content-type'];
  return detectDocumentFormat(contentType, page.body, urlPath(page.url)) ?? declaredDocumentFormat(contentType);
}

/**
 * A loaded document (PDF, Word, spreadsheet, slides) as a Document, like a web page: read into
 * HTML by its format's reader, then through the same Markdown converter. `budgetMs` bounds the
 * reading when no conversion thread's deadline does.
 */
export async function convertDocumentPage(
  page: PageContent,
  format: DocumentFormat,
  sourceURL: string,
  options: ResolvedScrapeOptions,
  withPageLinks: boolean,
  budgetMs?: number,
): Promise<PageConversion> {
  const contentType = page.headers['content-type'];
  const source: DocumentSource = { url: page.url, sourceURL, statusCode: page.status, ...(contentType ? { contentType } : {}) };
  if (format === 'pdf' && !options.parsePDF) return { document: base64Document(page.body, format, source, options), pageLinks: [] };
  const reading = await readDocument(fileName(page.url), page.body, format, {
    ...(options.pdfOptions?.maxPages ? { maxPages: options.pdfOptions.maxPages } : {}),
    ...(budgetMs === undefined ? {} : { budgetMs }),
  });
  let pageLinks: string[] = [];
  const hooks = withPageLinks ? { onParsed: (dom: Parameters<typeof extractLinks>[0]) => (pageLinks = extractLinks(dom, page.url)) } : {};
  const document = readingToDocument(reading, source, options, hooks);
  if (page.status >= 400) document.metadata.error = STATUS_CODES[page.status] ?? `HTTP ${page.status}`;
  return { document, pageLinks };
}

/**
 * The path of an absolute URL (as fetched pages carry), read off the string: every page of a
 * crawl asks, and a URL parse was a few percent of a links-only page's CPU.
 */
function urlPath(url: string): string {
  const scheme = url.indexOf('://');
  if (scheme < 0) return url;
  const rest = url.slice(scheme + 3);
  const start = rest.search(/[/?#]/);
  if (start < 0 || rest[start] !== '/') return '/';
  const end = rest.slice(start).search(/[?#]/);
  return end < 0 ? rest.slice(start) : rest.slice(start, start + end);
}

/** How errors name the document: the last segment of its URL (or the upload's file name). */
function fileName(url: string): string {
  const path = urlPath(url);
  const last = decodeURIComponentSafe(path.slice(path.lastIndexOf('/') + 1));
  return last || url;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

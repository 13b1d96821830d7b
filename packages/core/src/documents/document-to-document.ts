import { buildHtmlDocument, type BuildHooks } from '../content/index.js';
import type { Document } from '../document.js';
import type { ResolvedScrapeOptions } from '../options.js';
import { DOCUMENT_MEDIA_TYPES, type DocumentFormat } from './formats.js';
import { htmlPage } from './html-text.js';
import type { DocumentReading } from './reading.js';

/** Where a document was found, as the Document's metadata says it. */
export interface DocumentSource {
  url: string;
  sourceURL: string;
  statusCode: number;
  contentType?: string;
}

/** Marks the start of a page in the HTML, so the Markdown can be cut into pages after conversion (a private-use character no text has). */
const PAGE_MARK = /\uE000page (\d+)\uE001/g;

/**
 * A document read into HTML, turned into a Document by the same converter as a web page (the
 * whole document is content: no main-content detection), with the document's own metadata.
 * PDF pages are joined with Firecrawl's page markers when asked, and listed in `pages`.
 */
export function readingToDocument(
  reading: DocumentReading,
  source: DocumentSource,
  options: ResolvedScrapeOptions,
  hooks: BuildHooks = {},
): Document {
  const pdf = options.pdfOptions;
  const marked = Boolean(reading.pageNumbers && (pdf?.pageMarkers || pdf?.pages));
  const body = reading.parts
    .map((part, index) => (marked && index > 0 ? `<p>\uE000page ${reading.pageNumbers![index]}\uE001</p>\n${part}` : part))
    .join('\n');
  const html = htmlPage(body, reading);
  // A reader that wrote its own Markdown spares the converter the work.
  const ownMarkdown = reading.markdown !== undefined && options.formats.includes('markdown');
  const formats = ownMarkdown ? options.formats.filter((format) => format !== 'markdown') : options.formats;
  const document: Document = buildHtmlDocument(
    {
      html,
      url: source.url,
      sourceURL: source.sourceURL,
      statusCode: source.statusCode,
      contentType: source.contentType ?? DOCUMENT_MEDIA_TYPES[reading.format],
    },
    { ...options, formats, onlyMainContent: false },
    hooks,
  );
  if (ownMarkdown) document.markdown = reading.markdown!;
  if (marked) applyPageMarks(document, reading, Boolean(pdf?.pageMarkers), Boolean(pdf?.pages));
  if (reading.author) document.metadata.author = reading.author;
  if (reading.title && !document.metadata.title) document.metadata.title = reading.title;
  Object.assign(document.metadata, reading.extra);
  if (reading.warnings.length) document.warning = [document.warning, ...reading.warnings].filter(Boolean).join(' ');
  return document;
}

function applyPageMarks(document: Document, reading: DocumentReading, markers: boolean, pages: boolean): void {
  const markdown = document.markdown;
  if (markdown !== undefined) {
    if (pages) {
      const numbers = reading.pageNumbers!;
      const texts = markdown.split(/\uE000page \d+\uE001/);
      document.pages = texts.map((text, index) => ({ pageNumber: numbers[index] ?? index + 1, markdown: text.trim() }));
    }
    document.markdown = markers
      ? markdown.replace(PAGE_MARK, '---\n\n<!-- page $1 -->')
      : markdown.replace(PAGE_MARK, '').replace(/\n{3,}/g, '\n\n');
  }
  if (document.html !== undefined)
    document.html = document.html.replace(/<p>\uE000page (\d+)\uE001<\/p>/g, markers ? '<hr><!-- page $1 -->' : '');
  if (document.rawHtml !== undefined)
    document.rawHtml = document.rawHtml.replace(/<p>\uE000page (\d+)\uE001<\/p>/g, '<hr><!-- page $1 -->');
}

/** A PDF as base64, unparsed: v1's `parsePDF: false` and v2's `parsers` without "pdf", as Firecrawl answers them. */
export function base64Document(body: Uint8Array, format: DocumentFormat, source: DocumentSource, options: ResolvedScrapeOptions): Document {
  const encoded = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('base64');
  const formats = new Set(options.formats);
  const document: Document = {
    metadata: {
      sourceURL: source.sourceURL,
      url: source.url,
      statusCode: source.statusCode,
      contentType: source.contentType ?? DOCUMENT_MEDIA_TYPES[format],
    },
  };
  if (formats.has('markdown')) document.markdown = encoded;
  if (formats.has('html')) document.html = encoded;
  if (formats.has('rawHtml')) document.rawHtml = encoded;
  if (formats.has('links')) document.links = [];
  return document;
}

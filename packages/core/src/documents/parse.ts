import type { Document } from '../document.js';
import { TrawlError } from '../errors.js';
import type { LoadedPage } from '../ports/loaded-page.js';
import { applyLlmFormats, conversionOptions } from '../llm/llm-formats.js';
import { resolveScrapeOptions, type ScrapeOptionsInput } from '../options.js';
import { assertScrapeCan } from '../pipeline/capabilities.js';
import { contentKind } from '../pipeline/content-kind.js';
import { convertLoadedPage } from '../pipeline/convert-loaded-page.js';
import { splitRuntime, type WithRuntime } from '../runtime/runtime.js';
import { DOCUMENT_MEDIA_TYPES, declaredDocumentFormat, detectDocumentFormat, mediaType } from './formats.js';

/** The largest file parse() reads by default (Firecrawl's /parse limit). */
export const DEFAULT_PARSE_MAX_BYTES = 50 * 1024 * 1024;

interface ParseRequest extends ScrapeOptionsInput {
  /** The file's name: it names the Document (`metadata.sourceFile`) and, for CSV, tells its type. */
  fileName: string;
  /** The type the uploader gave; the file's bytes decide where they can. */
  contentType?: string;
  /** Largest file accepted, in bytes (default 50 MB): past it, SCRAPE_TOO_LARGE. */
  maxBytes?: number;
  signal?: AbortSignal;
}

/** What parse() reads and runs with: the model of the `json` format, the conversion pool, the SSRF guard of image fetches. */
export type ParseOptions = WithRuntime<ParseRequest>;

/**
 * A file the caller has (an upload, a file on disk) as a Document, exactly as scrape() turns the
 * same file fetched from a URL into one: PDF, Word, ODT, spreadsheets, slides, RTF and HTML.
 * A type Trawl cannot read is SCRAPE_UNSUPPORTED_CONTENT (415); a damaged or encrypted
 * document, DOCUMENT_UNREADABLE.
 */
export async function parse(file: Uint8Array, options: ParseOptions): Promise<Document> {
  const { runtime, rest } = splitRuntime(options);
  const { fileName, contentType, maxBytes = DEFAULT_PARSE_MAX_BYTES, signal, ...scrapeInput } = rest;
  if (file.byteLength > maxBytes) {
    throw new TrawlError('SCRAPE_TOO_LARGE', `${fileName} is ${file.byteLength} bytes; files of at most ${maxBytes} bytes are parsed`);
  }
  const resolved = resolveScrapeOptions(scrapeInput);
  assertScrapeCan(resolved, { engine: 'http', browser: undefined, llm: runtime.llm });
  const type = uploadType(file, fileName, contentType);
  const url = `file:///${encodeURIComponent(fileName)}`;
  const page: LoadedPage = { url, status: 200, headers: { 'content-type': type }, body: file, redirects: [] };
  const { document } = await convertLoadedPage(page, url, conversionOptions(resolved, runtime.llm !== undefined), false, runtime, signal);
  document.metadata.sourceFile = fileName;
  document.metadata.sourceURL = fileName;
  document.metadata.url = fileName;
  return (await applyLlmFormats(document, resolved, runtime, signal)).document;
}

/** The Content-Type the file is converted as: a document's own, else HTML or text as named, else a 415. */
function uploadType(file: Uint8Array, fileName: string, contentType: string | undefined): string {
  const format = detectDocumentFormat(contentType, file, fileName) ?? declaredDocumentFormat(contentType);
  if (format) return contentType && declaredDocumentFormat(contentType) === format ? contentType : DOCUMENT_MEDIA_TYPES[format];
  const lower = fileName.toLowerCase();
  if (/\.(html?|xhtml)$/.test(lower) || mediaType(contentType) === 'text/html') return 'text/html';
  const kind = contentKind(contentType, file);
  if (kind !== 'unsupported' && kind !== 'document' && mediaType(contentType)) return contentType!;
  throw new TrawlError(
    'SCRAPE_UNSUPPORTED_CONTENT',
    `${fileName}${contentType ? ` (${contentType})` : ''} is not a file Trawl can read: upload a PDF, DOCX, ODT, XLSX, ODS, CSV, PPTX, ODP, RTF or HTML file`,
  );
}

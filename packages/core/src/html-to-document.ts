import { buildHtmlDocument } from './content/index.js';
import type { Document } from './document.js';
import { resolveScrapeOptions, type ScrapeOptionsInput } from './options.js';
import { capLinks } from './pipeline/to-document.js';
import { assertHttpEngineCan } from './pipeline/capabilities.js';
import { parseTargetUrl } from './url/guard.js';

export interface HtmlToDocumentOptions extends ScrapeOptionsInput {
  /** The page's URL: relative links and images resolve against it. */
  url: string;
  statusCode?: number;
  contentType?: string;
}

/**
 * Converts HTML the caller already has (no network) exactly as scrape() would, in the calling
 * thread: scrape() and crawls convert in a pool of worker threads instead (docs/operations.md).
 */
export async function htmlToDocument(html: string, options: HtmlToDocumentOptions): Promise<Document> {
  const { url, statusCode = 200, contentType = 'text/html', ...scrapeInput } = options;
  const resolved = resolveScrapeOptions(scrapeInput);
  parseTargetUrl(url);
  assertHttpEngineCan(resolved);
  return capLinks({ document: buildHtmlDocument({ html, url, sourceURL: url, statusCode, contentType }, resolved), pageLinks: [] })
    .document;
}

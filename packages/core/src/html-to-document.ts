import { buildHtmlDocument } from './content/index.js';
import { disabledSteps } from './content/steps/registry.js';
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
  /** Return the main-content steps that ran, in order, in `explain` (docs/content.md). Costs nothing when off. */
  explain?: boolean;
  /**
   * Main-content steps not to run, by registry name: for measuring a step's effect (`pnpm
   * bench:quality --without`), not for production use. An unknown name is INVALID_OPTIONS.
   */
  withoutSteps?: readonly string[];
}

/**
 * Converts HTML the caller already has (no network) exactly as scrape() would, in the calling
 * thread: scrape() and crawls convert in a pool of worker threads instead (docs/operations.md).
 */
export async function htmlToDocument(html: string, options: HtmlToDocumentOptions): Promise<Document> {
  const { url, statusCode = 200, contentType = 'text/html', explain, withoutSteps, ...scrapeInput } = options;
  const resolved = resolveScrapeOptions(scrapeInput);
  parseTargetUrl(url);
  assertHttpEngineCan(resolved);
  const hooks = { explain, withoutSteps: withoutSteps?.length ? disabledSteps(withoutSteps) : undefined };
  return capLinks({ document: buildHtmlDocument({ html, url, sourceURL: url, statusCode, contentType }, resolved, hooks), pageLinks: [] })
    .document;
}

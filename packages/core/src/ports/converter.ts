import type { BlockVerdict } from '../blocks/classify.js';
import type { Document } from '../document.js';
import type { ResolvedScrapeOptions } from '../options.js';
import type { LoadedPage } from './loaded-page.js';

/** What conversion reads of a loaded page: all a conversion thread is sent. */
export type PageContent = Pick<LoadedPage, 'url' | 'status' | 'headers' | 'body' | 'warnIfRenderedByJavaScript'>;

/** A converted page: its Document, and what the crawler and the escalation ladder read of it. */
export interface PageConversion {
  document: Document;
  /** Every link of the raw page (before cleaning), when asked for: what a crawler follows. */
  pageLinks: string[];
  /** Set when the page is a block page (blocks/classify.ts): the escalation ladder reads it. */
  blockPage?: BlockVerdict;
}

/** How one page goes to a converter. */
export interface ConvertRequest {
  /** The caller gives the page's body up: it may be moved to another thread and read as empty here afterwards. */
  moveBody?: boolean;
  /** Whose page it is (default: one anonymous team), for its turn and its share of the converter. */
  teamId?: string | undefined;
  /**
   * A crawl's scope for learned link templates (pipeline/link-template-scopes.ts): pages of one
   * scope share what is learned of their templates. Absent: every page takes the full decision.
   */
  linkTemplates?: string | undefined;
}

/**
 * What the runtime needs from a converter: a loaded page in, its Document out, off the caller's
 * event loop. Core's is the ConvertPool (worker threads, convert/convert-pool.ts); the runtime
 * holds this port, so runtime/ never depends on the pool's code.
 */
export interface Converter {
  /** Converts one page; `signal` gives up on it (waiting or converting). */
  convert(
    page: PageContent,
    sourceURL: string,
    options: ResolvedScrapeOptions,
    withPageLinks: boolean,
    signal?: AbortSignal,
    request?: ConvertRequest,
  ): Promise<PageConversion>;
  /** Stops converting: pages still converting, and pages sent after, fail with SCRAPE_ABORTED. */
  close(): Promise<void>;
}

import type { ActionResults } from '../document.js';

/** A fetched resource as every engine (HTTP or browser) hands it to the content pipeline. */
export interface LoadedPage {
  /** Final URL after redirects. */
  url: string;
  status: number;
  /** Response headers with lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: Uint8Array;
  /** URLs that redirected, in order (empty when none). */
  redirects: string[];
  /** Browser only: the screenshot format, a `data:` URL or a ScreenshotSink's URL. */
  screenshot?: string;
  /** Browser only: what the actions produced. */
  actions?: ActionResults;
  /** What the engine could not honour, for the Document's `warning`. */
  warning?: string;
  /** Which engine loaded it: set by loadPage, which the escalation ladder reads to climb from it. */
  engine?: 'http' | 'browser';
  /** Set when `truncateAt` cut the body short. */
  truncated?: boolean;
  /**
   * Fetched over HTTP with no browser to fall back on: the conversion warns when the page looks
   * rendered by JavaScript (it reads the decoded text there, off the fetching thread).
   */
  warnIfRenderedByJavaScript?: boolean;
}

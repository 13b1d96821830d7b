/**
 * The Browser port: a page engine that runs JavaScript. Core decides when a page needs it
 * (pipeline/engine-choice.ts) and hands it one request; the adapter (@trawl/browser-playwright,
 * or a user's own) loads the page, runs the actions and returns what it saw.
 */
import type { Document } from '../document.js';
import { isTrawlError, TrawlError } from '../errors.js';
import type { LoadedPage } from '../fetch/types.js';
import type { ResolvedScrapeOptions } from '../options.js';
import type { SsrfPolicy } from '../url/ssrf.js';

/** Which engine loads a page: `auto` uses HTTP unless the request or the page needs a browser. */
export type EngineChoice = 'auto' | 'http' | 'browser';

export interface BrowserLoadRequest {
  url: string;
  /** Every scrape option: actions, waitFor, mobile, location, blockAds, proxy, headers, timeout, formats… */
  options: ResolvedScrapeOptions;
  /** The browser must refuse what the policy refuses, subresources and redirects included. */
  policy: SsrfPolicy;
  /** Sent when the request's headers name no User-Agent; the adapter's own default otherwise. */
  userAgent?: string;
  /** Largest page accepted, in bytes. */
  maxBodyBytes?: number;
  /** Whose page it is (default: one anonymous team): a browser shares its pages between teams in turn. */
  teamId?: string;
  signal?: AbortSignal;
}

export interface Browser {
  /** The rendered page (HTML as serialised after scripts and actions), its screenshot and action results. */
  load(request: BrowserLoadRequest): Promise<LoadedPage>;
  /** Ends every browser process; later loads may start a new one. */
  close(): Promise<void>;
}

export interface ScreenshotImage {
  data: Uint8Array;
  /** PNG unless the request asked for a JPEG quality; a `pdf` action's print is a PDF. */
  mimeType: 'image/png' | 'image/jpeg' | 'application/pdf';
  /** The page the image shows. */
  pageUrl: string;
}

/** Stores a screenshot (or a `pdf` action's print) and returns the URL a client reads it from (default: none, files stay `data:` URLs). */
export interface ScreenshotSink {
  store(image: ScreenshotImage): Promise<string>;
}

/**
 * An action failed. `page` holds what the browser had gathered until then (the page as it
 * stood, earlier screenshots and scrapes), so callers can still hand that content back.
 */
export class ScrapeActionError extends TrawlError {
  readonly page: LoadedPage | undefined;
  /** Set by scrape(): the partial page converted to the requested formats. */
  document: Document | undefined;

  constructor(message: string, page?: LoadedPage, cause?: unknown) {
    super('SCRAPE_ACTION_ERROR', message, { cause });
    this.page = page;
    this.document = undefined;
  }
}

/** By code, not `instanceof`: the browser adapter may have been built against another copy of core. */
export function isScrapeActionError(value: unknown): value is ScrapeActionError {
  return isTrawlError(value) && value.code === 'SCRAPE_ACTION_ERROR';
}

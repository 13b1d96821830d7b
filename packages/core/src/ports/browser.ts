/**
 * The Browser port: a page engine that runs JavaScript. Core decides when a page needs it
 * (pipeline/engine-choice.ts) and hands it one request; the adapter (@trawl/browser-playwright,
 * or a user's own) loads the page, runs the actions and returns what it saw.
 */
import type { Document } from '../document.js';
import { isTrawlError, TrawlError } from '../errors.js';
import type { LoadedPage } from './loaded-page.js';
import type { Action, ResolvedScrapeOptions } from '../options.js';
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
  /**
   * Set by a caller that continues the page later (`/v2/scrape/{id}/interact`): a load that
   * succeeds hands its page here instead of closing it. The page then holds no page slot; the
   * caller closes it. An adapter without sessions ignores it.
   */
  keepPage?: (session: BrowserPageSession) => void;
}

/** A page kept open for a client to drive (a browser session, or a scrape kept for interact). */
export interface BrowserSessionRequest {
  policy: SsrfPolicy;
  userAgent?: string;
  maxBodyBytes?: number;
  /** Cookies and storage to start with (a saved profile). */
  state?: BrowserStorageState;
}

/** Cookies and per-origin storage, as Playwright's storageState holds them. */
export interface BrowserStorageState {
  cookies: Array<Record<string, unknown>>;
  origins: Array<{ origin: string; localStorage: Array<{ name: string; value: string }> }>;
}

/** What browser-side code run in a session printed and returned. */
export interface PageCodeResult {
  /** The code's return value as JSON (undefined when it returned nothing). */
  result: string | undefined;
  /** console.log/info lines. */
  stdout: string;
  /** console.error/warn lines and the thrown error, if any. */
  stderr: string;
  exitCode: number;
  /** True when the timeout stopped it. */
  killed: boolean;
}

/** One open page a client drives step by step; it holds no page slot of the scrape pool. */
export interface BrowserPageSession {
  /** The page's URL now. */
  url(): string;
  /** Loads `url` in the page (the browser's SSRF guard applies as in a scrape). */
  goto(url: string, timeoutMs: number): Promise<LoadedPage>;
  /** Runs Trawl's actions on the page as it stands and returns the page after them (HTML, action results). */
  run(actions: readonly Action[], timeoutMs: number): Promise<LoadedPage>;
  /** The page as it stands (HTML), without doing anything. */
  snapshot(): Promise<LoadedPage>;
  /** Runs JavaScript inside the page (the browser's sandbox, never Node) as an async function body. */
  runCode(code: string, timeoutMs: number): Promise<PageCodeResult>;
  /** Cookies and storage now, to save as a profile. */
  state(): Promise<BrowserStorageState>;
  /** Closes the page and its context; safe to call twice. */
  close(): Promise<void>;
  /** Whether the page is gone (closed, or its browser crashed). */
  closed(): boolean;
}

export interface Browser {
  /** The rendered page (HTML as serialised after scripts and actions), its screenshot and action results. */
  load(request: BrowserLoadRequest): Promise<LoadedPage>;
  /** Opens a blank page of its own for a browser session (adapters without sessions leave it out). */
  openSession?(request: BrowserSessionRequest): Promise<BrowserPageSession>;
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

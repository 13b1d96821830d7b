import { BlockPageError, describeBlockPage, type BlockPageReport, type LadderRung } from '../blocks/block-error.js';
import type { BlockVerdict } from '../blocks/classify.js';
import type { BlockKind } from '../blocks/markers.js';
import type { Document } from '../document.js';
import type { LoadedPage } from '../ports/loaded-page.js';
import type { ResolvedScrapeOptions } from '../options.js';
import type { Runtime } from '../runtime/types.js';
import { JS_SHELL_WARNING } from './engine-choice.js';
import { loadInBrowser, loadPage } from './load-page.js';
import type { PageConversion } from './to-document.js';

/**
 * The escalation ladder: a page that came back as a block page (blocks/classify.ts) is loaded
 * again a rung higher, until it is the page or no rung is left.
 *
 *   http     the HTTP engine (or whatever engine the request's plan chose first)
 *   browser  the real Chromium: a JavaScript challenge clears and reloads, a consent wall is
 *            dismissed by its reject (or accept) button, an app is given time to render
 *   stealth  the browser through the stealth proxy (TRAWL_PROXY_STEALTH) with automation's
 *            signals hidden: only for `proxy: "auto"` (Firecrawl's semantics), and charged as
 *            Firecrawl charges a stealth page
 *
 * Some kinds climb no rung: a soft 404, a parked domain and a login wall are what the site
 * serves to anyone; a rate limit skips the browser (same address, same limit) and only a
 * stealth retry may pass it.
 */
export interface PageReading {
  page: LoadedPage;
  conversion: PageConversion;
  /** The rungs the page was loaded on, in order; the last gave `page`. */
  tried: LadderRung[];
}

export interface LadderOptions {
  /** Runs each load of a higher rung (a crawl runs them in the host's politeness slot). */
  inTurn?: (load: () => Promise<LoadedPage>) => Promise<LoadedPage>;
  /** Return a page that stayed a block page, marked in its metadata, instead of failing (default false). */
  keepBlockPages?: boolean;
  signal?: AbortSignal;
}

/** Kinds the browser may get past, and kinds only a different address may. */
const BROWSER_CLEARS: ReadonlySet<BlockKind> = new Set(['challenge', 'captcha', 'access-denied', 'consent-wall', 'app-shell']);
const STEALTH_CLEARS: ReadonlySet<BlockKind> = new Set(['challenge', 'captcha', 'access-denied', 'rate-limit']);

/** Extra credits of a page read through the stealth proxy (Firecrawl: +4). */
export const STEALTH_PROXY_CREDITS = 4;

/** The first reading of a page: loaded as its plan says, converted. */
export async function firstReading(
  url: string,
  options: ResolvedScrapeOptions,
  runtime: Runtime,
  convert: (page: LoadedPage) => Promise<PageConversion>,
  signal?: AbortSignal,
): Promise<PageReading> {
  const page = await loadPage(url, options, runtime, signal);
  return readingOf(page, await convert(page), options);
}

/** A page loaded by loadPage and converted, as the ladder's first reading. */
export function readingOf(page: LoadedPage, conversion: PageConversion, options: ResolvedScrapeOptions): PageReading {
  return { page, conversion, tried: [rungOf(page, options)] };
}

/**
 * Climbs from `reading` while its page is a block page and a rung is left. Resolves the page
 * that is no block page (or an app that stayed a shell, with a warning); throws BlockPageError
 * when it stays blocked, unless `keepBlockPages` asks for the page anyway.
 */
export async function climbLadder(
  url: string,
  reading: PageReading,
  options: ResolvedScrapeOptions,
  runtime: Runtime,
  convert: (page: LoadedPage) => Promise<PageConversion>,
  ladder: LadderOptions = {},
): Promise<PageReading> {
  let current = reading;
  for (let rung = nextRung(current, options, runtime); rung; rung = nextRung(current, options, runtime)) {
    const load = () => loadOnRung(rung!, url, options, runtime, ladder.signal);
    const page = await (ladder.inTurn ? ladder.inTurn(load) : load());
    current = { page, conversion: await convert(page), tried: [...current.tried, rung] };
  }
  return settle(url, current, options, runtime, ladder);
}

/** What a page read on the ladder's last rung becomes: the page, a marked page, or the error. */
function settle(url: string, reading: PageReading, options: ResolvedScrapeOptions, runtime: Runtime, ladder: LadderOptions): PageReading {
  const { conversion, tried } = reading;
  const verdict = conversion.blockPage;
  markProxy(conversion, reading, options);
  if (!verdict) return reading;
  if (verdict.kind === 'app-shell') {
    // An app that stayed empty may just be small: its content is returned, with a word of warning.
    if (tried.some((rung) => rung !== 'http')) warn(conversion, APP_STILL_EMPTY);
    else if (!runtime.browser && !conversion.document.warning?.includes(JS_SHELL_WARNING)) warn(conversion, JS_SHELL_WARNING);
    return reading;
  }
  const report: BlockPageReport = { ...verdict, tried };
  if (!ladder.keepBlockPages) throw new BlockPageError(url, report, hintFor(verdict, tried, options, runtime));
  const { metadata } = conversion.document;
  metadata.blockPage = verdict.kind;
  metadata.blockPageVendor = verdict.vendor;
  metadata.blockPageEvidence = verdict.evidence;
  warn(conversion, `This is ${describeBlockPage(verdict)}, not the page: it was returned because block pages were asked for.`);
  return reading;
}

const APP_STILL_EMPTY =
  'The page looks like a JavaScript app whose content had not rendered when the browser read it: set waitFor, or a wait action for the content, if it is missing.';

/** The rung a reading's page was loaded on. */
function rungOf(page: LoadedPage, options: ResolvedScrapeOptions): LadderRung {
  if (page.engine !== 'browser') return 'http';
  return options.proxy === 'stealth' ? 'stealth' : 'browser';
}

/** The next rung for a block page, or undefined when none is left or none would help. */
function nextRung(reading: PageReading, options: ResolvedScrapeOptions, runtime: Runtime): LadderRung | undefined {
  const verdict = reading.conversion.blockPage;
  if (!verdict || !runtime.browser || runtime.engine === 'http') return undefined;
  const { tried } = reading;
  if (BROWSER_CLEARS.has(verdict.kind) && !tried.includes('browser') && !tried.includes('stealth')) return 'browser';
  if (STEALTH_CLEARS.has(verdict.kind) && options.proxy === 'auto' && !tried.includes('stealth')) return 'stealth';
  return undefined;
}

function loadOnRung(
  rung: LadderRung,
  url: string,
  options: ResolvedScrapeOptions,
  runtime: Runtime,
  signal?: AbortSignal,
): Promise<LoadedPage> {
  const rungOptions: ResolvedScrapeOptions = rung === 'stealth' ? { ...options, proxy: 'stealth' } : options;
  return loadInBrowser(runtime.browser!, url, rungOptions, { runtime, signal });
}

/** Firecrawl's `metadata.proxyUsed`, on requests that named a proxy. */
function markProxy(conversion: PageConversion, reading: PageReading, options: ResolvedScrapeOptions): void {
  if (options.proxy === undefined) return;
  conversion.document.metadata.proxyUsed = reading.tried.at(-1) === 'stealth' ? 'stealth' : 'basic';
}

/** What would have helped: a browser, or a stealth retry. */
function hintFor(verdict: BlockVerdict, tried: LadderRung[], options: ResolvedScrapeOptions, runtime: Runtime): string | undefined {
  if (BROWSER_CLEARS.has(verdict.kind) && !runtime.browser)
    return 'A browser might get past it: add the @trawl/browser-playwright adapter with a local Chromium (docs/browser.md).';
  if (STEALTH_CLEARS.has(verdict.kind) && runtime.browser && !tried.includes('stealth') && options.proxy !== 'auto')
    return 'proxy: "auto" retries through the stealth proxy (TRAWL_PROXY_STEALTH) when the basic one is blocked.';
  return undefined;
}

function warn(conversion: PageConversion, text: string): void {
  const { document } = conversion;
  document.warning = document.warning ? `${document.warning} ${text}` : text;
}

/** Whether a document was read through the stealth proxy: what a stealth page costs on top. */
export function usedStealthProxy(document: Pick<Document, 'metadata'>): boolean {
  return document.metadata.proxyUsed === 'stealth';
}

import { TrawlError } from '../errors.js';
import type { ResolvedScrapeOptions } from '../options.js';
import type { EngineChoice } from '../ports/browser.js';

const ADAPTER_HINT = 'add the @trawl/browser-playwright adapter with a local Chromium (see docs/browser.md)';

/** What a request asks for that only a browser can produce: without one the scrape cannot succeed. */
export function browserOnlyFeatures(options: ResolvedScrapeOptions): string[] {
  const features: string[] = options.formats.filter((f) => f.startsWith('screenshot'));
  if (options.actions?.length) features.push('actions');
  return features;
}

/** Options only a browser honours; HTTP can still fetch the page, and says what it skipped. */
export function browserRefinements(options: ResolvedScrapeOptions): string[] {
  const skipped: string[] = [];
  if (options.waitFor > 0) skipped.push('waitFor');
  if (options.mobile) skipped.push('mobile');
  if (options.location) skipped.push('location');
  if (options.proxy === 'stealth') skipped.push('proxy');
  return skipped;
}

export interface EnginePlan {
  engine: 'http' | 'browser';
  /** HTTP first, then the browser when the page turns out to be rendered by JavaScript. */
  renderCheck: boolean;
  /** Requested features the chosen engine will not honour (for the Document's warning). */
  skipped: string[];
}

/**
 * Picks the engine for one page. Throws SCRAPE_ADAPTER_MISSING when the request cannot be served:
 * a browser-only feature (or `engine: 'browser'`) with no browser configured, or `engine: 'http'`
 * with a feature HTTP cannot produce.
 */
export function planEngine(choice: EngineChoice, options: ResolvedScrapeOptions, hasBrowser: boolean): EnginePlan {
  const only = browserOnlyFeatures(options);
  const refinements = browserRefinements(options);
  if (choice === 'browser') {
    if (!hasBrowser)
      throw new TrawlError('SCRAPE_ADAPTER_MISSING', `engine "browser" was asked for, and no browser is configured: ${ADAPTER_HINT}.`);
    return { engine: 'browser', renderCheck: false, skipped: [] };
  }
  if (only.length) {
    if (choice === 'http') {
      throw new TrawlError('SCRAPE_ADAPTER_MISSING', `engine "http" cannot produce ${describe(only)}: use engine "auto" or "browser".`);
    }
    if (!hasBrowser)
      throw new TrawlError(
        'SCRAPE_ADAPTER_MISSING',
        `A browser engine is needed for ${describe(only)}, and none is configured: ${ADAPTER_HINT}.`,
      );
    return { engine: 'browser', renderCheck: false, skipped: [] };
  }
  if (choice === 'auto' && hasBrowser && refinements.length) return { engine: 'browser', renderCheck: false, skipped: [] };
  return { engine: 'http', renderCheck: choice === 'auto', skipped: refinements };
}

function describe(features: string[]): string {
  return features.map((f) => (f === 'actions' ? 'actions' : `the "${f}" format`)).join(' and ');
}

export const JS_SHELL_WARNING =
  'The page looks rendered by JavaScript and no browser engine is configured, so its content may be missing: add the @trawl/browser-playwright adapter.';

/** Roots that single-page-app frameworks mount into; empty in the HTML they serve. */
const EMPTY_APP_ROOT =
  /<(?:div|main|section|app-root)\b[^>]*\bid\s*=\s*["']?(?:app|root|__next|__nuxt|___gatsby|svelte|q-app|ember-app)["']?[^>]*>\s*<\/(?:div|main|section|app-root)>/i;
const NOSCRIPT = /<noscript\b[^>]*>([\s\S]*?)<\/noscript\s*>/gi;
/** Below this much visible text a page with scripts is taken for a shell its scripts fill in. */
const LITTLE_TEXT = 200;
/** With an empty app root or a noscript notice, more text (navigation, a footer) may surround the shell. */
const SOME_TEXT = 1_000;

/**
 * True when HTML fetched over HTTP looks like a shell that JavaScript fills in: little visible
 * text, with an empty app root, a "please enable JavaScript" notice, or scripts doing the work.
 * Cheap (regular expressions over the bytes read as Latin-1), so every page can afford it.
 */
export function looksRenderedByJavaScript(html: string): boolean {
  const bodyStart = html.search(/<body\b/i);
  const body = bodyStart >= 0 ? html.slice(bodyStart) : html;
  const textLength = visibleTextLength(body, SOME_TEXT);
  if (textLength >= SOME_TEXT) return false;
  if (EMPTY_APP_ROOT.test(body) || hasJavaScriptNotice(html)) return true;
  return textLength < LITTLE_TEXT && /<script\b/i.test(html);
}

/** A `<noscript>` telling the visitor to enable JavaScript. */
function hasJavaScriptNotice(html: string): boolean {
  for (const match of html.matchAll(NOSCRIPT)) if (/javascript/i.test(match[1] ?? '')) return true;
  return false;
}

/** What a browser would not show: hidden blocks, comments, tags and entities; the text runs in between. */
const MARKUP_OR_TEXT = /<(script|style|noscript|template|svg)\b[\s\S]*?<\/\1\s*>|<!--[\s\S]*?-->|<[^>]*>|&[a-z#0-9]+;|[^<&]+|[<&]/giy;
const WORD = /\S+/g;

/**
 * The length of the page's text with markup taken out and whitespace collapsed, counted in one
 * pass that stops at `enough`: most pages have plenty of text within their first kilobytes.
 */
function visibleTextLength(html: string, enough: number): number {
  let length = 0;
  MARKUP_OR_TEXT.lastIndex = 0;
  for (let match = MARKUP_OR_TEXT.exec(html); match; match = MARKUP_OR_TEXT.exec(html)) {
    const token = match[0];
    // Markup stands for a space between words; a lone "<" or "&" that starts nothing is text.
    if (token.length > 1 && (token[0] === '<' || token[0] === '&')) continue;
    for (const word of token.matchAll(WORD)) {
      length += (length > 0 ? 1 : 0) + word[0].length;
      if (length >= enough) return length;
    }
  }
  return length;
}

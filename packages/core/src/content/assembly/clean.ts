import { TrawlError } from '../../errors.js';
import type { ResolvedScrapeOptions } from '../../options.js';
import { NON_CONTENT_SELECTOR, NOSCRIPT_SELECTOR } from '../vocabulary/boilerplate-selectors.js';
import { removeAdsAndConsentBanners } from '../rules/ads.js';
import { removeScriptSourceText } from './markup-source.js';
import { pickImageSources, removeBase64Images } from './images.js';
import { extractMainContent } from '../main-content.js';
import { readPageSignals } from '../page-type/page-signals.js';
import { parseHtml, type HtmlDocument } from '../dom/parse.js';
import type { StepRunOptions } from '../steps/run-steps.js';
import { absolutizeUrls, documentBaseUrl } from './urls.js';

export type CleanOptions = Pick<
  ResolvedScrapeOptions,
  'onlyMainContent' | 'includeTags' | 'excludeTags' | 'removeBase64Images' | 'blockAds'
> & {
  /** Only links will be read from the content: image sources and URL rewriting can be skipped. */
  forLinksOnly?: boolean;
};

export interface PageSource {
  html: string;
  /** The page's final URL: relative links and images resolve against it (and its `<base href>`). */
  url: string;
  /** The page already parsed from `html`. Cleaning consumes it; without it, `html` is parsed. */
  document?: HtmlDocument;
  /** The base URL already read from `document` (documentBaseUrl), so it is not read twice. */
  baseUrl?: string;
}

/**
 * The page's content as one element, cleaned for the html, markdown and links formats: no
 * scripts or styles, excludeTags removed, ads and cookie banners gone when blockAds, only the
 * includeTags matches or the main content when asked, absolute URLs, one image source each.
 * `steps` records the main-content steps' trace and skips steps (library-only).
 */
export function cleanContent(page: PageSource, options: CleanOptions, steps?: StepRunOptions): Element {
  const document = page.document ?? parseHtml(page.html);
  const baseUrl = page.baseUrl ?? documentBaseUrl(document, page.url);
  const detectMainContent = options.onlyMainContent && !options.includeTags?.length;
  // Read before noise removal: JSON-LD sits in <script> elements.
  const signals = detectMainContent ? readPageSignals(document) : undefined;
  removeNoise(document, options);

  let content: Element;
  if (options.includeTags?.length) {
    // The caller named the content it wants, which overrides main-content detection.
    content = onlyMatching(document, joinSelectors('includeTags', options.includeTags, document));
  } else if (signals) {
    content = extractMainContent({
      document,
      url: page.url,
      signals,
      reparse: () => reparsedWithoutNoise(page.html, options),
      steps,
    }).content;
  } else {
    content = document.body;
  }

  removeAll(content, NOSCRIPT_SELECTOR);
  // extractLinks resolves hrefs against the same base itself; images are no link.
  if (options.forLinksOnly) return content;
  pickImageSources(content);
  absolutizeUrls(content, baseUrl);
  if (options.removeBase64Images) removeBase64Images(content);
  return content;
}

/** What no output keeps: scripts, styles and the like, excludeTags, and ads when blockAds. */
function removeNoise(document: HtmlDocument, options: CleanOptions): void {
  removeScriptSourceText(document.body);
  removeAll(document.body, NON_CONTENT_SELECTOR);
  if (options.excludeTags?.length) removeAll(document.body, joinSelectors('excludeTags', options.excludeTags, document));
  if (options.blockAds) removeAdsAndConsentBanners(document.body);
}

function reparsedWithoutNoise(html: string, options: CleanOptions): HtmlDocument {
  const document = parseHtml(html);
  removeNoise(document, options);
  return document;
}

/** Joins the caller's selectors into one, naming an invalid one instead of failing deep inside. */
function joinSelectors(option: string, selectors: string[], document: HtmlDocument): string {
  const valid = selectors.map((selector) => selector.trim()).filter(Boolean);
  for (const selector of valid) {
    try {
      document.body.matches(selector);
    } catch {
      throw new TrawlError('INVALID_OPTIONS', `Invalid CSS selector in ${option}: ${JSON.stringify(selector)}`);
    }
  }
  return valid.join(', ');
}

function removeAll(root: Element, selector: string): void {
  if (!selector) return;
  for (const element of Array.from(root.querySelectorAll(selector))) {
    if (element.tagName !== 'BODY' && element.tagName !== 'HTML') element.remove();
  }
}

/** A new container holding the outermost elements matching `selector`, in page order. */
function onlyMatching(document: HtmlDocument, selector: string): Element {
  const container = document.createElement('div');
  if (!selector) return container;
  for (const element of Array.from(document.body.querySelectorAll(selector))) {
    if (element.parentElement?.closest(selector)) continue;
    container.appendChild(element);
  }
  return container;
}

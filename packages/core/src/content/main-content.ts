import { removeActionChrome } from './action-chrome.js';
import { removeBoilerplate, removeNonArticleParts } from './boilerplate.js';
import { findCardGrids, isProductGrid } from './card-grids.js';
import { removeDocsChrome } from './docs-chrome.js';
import { findMainRegion } from './main-region.js';
import { unwrapContentNoscripts } from './noscript.js';
import { copyPageHeading, keepPageHeading } from './page-heading.js';
import { classifyPage, type PageType } from './page-type/page-type.js';
import type { PageSignals } from './page-type/page-signals.js';
import type { HtmlDocument } from './parse.js';
import { readabilityArticle } from './readability.js';
import { removeRelatedSections } from './related-sections.js';
import { findThreadRegion } from './thread-posts.js';
import { hasText, textLength } from './text.js';

/** Below this much text in its main region a page is short: see isShortPage. */
const SHORT_PAGE_CHARS = 600;

export interface MainContentPage {
  document: HtmlDocument;
  url: string;
  /** What the page's markup said about its kind, read before noise removal (JSON-LD lives in scripts). */
  signals: PageSignals;
  /** A fresh, noise-free parse of the page, for the rare article Readability finds nothing in. */
  reparse: () => HtmlDocument;
}

export interface MainContent {
  content: Element;
  pageType: PageType;
}

/**
 * The page's main content, extracted the way its kind needs: Readability's pick for articles
 * and documentation (one dense block of prose), the main region minus furniture for every other
 * kind (threads, products, grids, listings, landing pages spread their content over many blocks
 * that a single-block pick would cut). The page's H1 is kept once whatever the kind.
 * Consumes `page.document`.
 */
export function extractMainContent(page: MainContentPage): MainContent {
  const body = page.document.body;
  unwrapContentNoscripts(body);
  const heading = copyPageHeading(body);
  const pageType = classifyPage(page.url, page.signals);
  let content: Element;
  if ((pageType === 'article' || pageType === 'documentation') && !isShortPage(body)) {
    content = readableArticle(page.document) ?? withoutFurniture(reparsedBody(page), pageType);
  } else {
    content = withoutFurniture(body, pageType);
  }
  if (pageType === 'documentation') removeDocsChrome(content);
  keepPageHeading(content, heading);
  return { content, pageType };
}

/**
 * The article Readability finds, minus the furniture and asides its container still holds, or
 * null when it finds no text. Consumes `document` (Readability rewrites it).
 *
 * Measured on the article-extraction benchmark, Readability's pick beats a selector-cleaned body
 * even when the pick is a small share of the page, so it is trusted whenever it has text.
 */
function readableArticle(document: HtmlDocument): Element | null {
  const article = readabilityArticle(document);
  if (!article) return null;
  removeBoilerplate(article);
  removeNonArticleParts(article);
  return hasText(article) ? article : null;
}

/** The page's main region minus page furniture and blocks about other pages. */
function withoutFurniture(body: Element, pageType: PageType): Element {
  const region = (pageType === 'forum' ? findThreadRegion(body) : null) ?? findMainRegion(body);
  removeBoilerplate(region);
  // Listings are made of the teasers other pages call "latest posts" or "popular products".
  if (pageType !== 'listing' && pageType !== 'collection') removeRelatedSections(region);
  // One product's page shows other products only as recommendations.
  if (pageType === 'product') for (const grid of findCardGrids(region)) if (isProductGrid(grid)) grid.remove();
  // On a thread the comments are the content.
  if (pageType !== 'forum') removeNonArticleParts(region);
  removeActionChrome(region);
  return region;
}

/**
 * Readability scores blocks by their prose; on a page with little text (a short docs page, a
 * contact page, an FAQ) a footer or sidebar can outscore the real content. Such pages are small
 * enough for furniture removal to be exact, so they never go to Readability.
 */
function isShortPage(body: Element): boolean {
  return textLength(findMainRegion(body)) < SHORT_PAGE_CHARS;
}

function reparsedBody(page: MainContentPage): Element {
  const body = page.reparse().body;
  unwrapContentNoscripts(body);
  return body;
}

import {
  BOILERPLATE_SELECTOR,
  MAIN_REGION_SELECTOR,
  NON_ARTICLE_PATTERN,
  NON_ARTICLE_PATTERN_OF_LANDING_PAGE,
  NON_ARTICLE_PATTERN_OF_PAGE,
} from '../vocabulary/boilerplate-selectors.js';
import { isBodyInHeader } from '../predicates/body-header.js';
import { isGridCard } from '../predicates/grid-cards.js';
import { isProseNamedAsControls } from '../predicates/prose-controls.js';
import { isHeadingAnchor } from '../predicates/section-anchors.js';
import { isTeaserHeader } from '../predicates/teaser-headers.js';
import { textLength } from '../dom/text.js';

/** A named block holding more than this share of its root's text is a wrapper, not an aside. */
const MAX_SHARE_OF_TEXT = 0.4;

/**
 * Removes page furniture (headers, navs, footers, sidebars, share bars, menus…) under `root`,
 * sparing any element that wraps the page's main region, and the <footer> of a quotation or
 * figure, which holds its attribution. Returns `root`.
 */
export function removeBoilerplate(root: Element): Element {
  for (const element of Array.from(root.querySelectorAll(BOILERPLATE_SELECTOR))) {
    if (isStructural(element) || isStreamedContent(element) || element.querySelector(MAIN_REGION_SELECTOR)) continue;
    if (element.parentElement?.closest('blockquote, figure')) continue;
    if (isHeadingText(element)) continue;
    if (isContentWidget(element)) continue;
    if (isResultsForm(element)) continue;
    if (isBodyInHeader(element)) continue;
    if (isTeaserHeader(element)) continue;
    element.remove();
  }
  return root;
}

/**
 * Removes the blocks an article container often holds besides the article (see
 * NON_ARTICLE_PATTERN). On other pages menus named by a class word go too (an article's are left
 * to Readability, which judged them); on a landing page promo blocks are its sections and stay.
 */
export function removeNonArticleParts(
  article: Element,
  kind: 'article' | 'landing page' | 'page' | 'grid' | 'product' | 'documentation' = 'article',
): Element {
  const pattern =
    kind === 'landing page' ? NON_ARTICLE_PATTERN_OF_LANDING_PAGE : kind === 'article' ? NON_ARTICLE_PATTERN : NON_ARTICLE_PATTERN_OF_PAGE;
  return removeNamedBlocks(article, pattern, {
    // A docs page's sections carry their headings' words as ids ("respond-to-review-comments"): only their classes name them.
    sectionIds: kind === 'documentation',
    gridCards: kind === 'grid',
    // A product's or a category's content is its products: prose beside them in a block named as
    // filters is a feature tour or a blurb the golds leave out (WCXB dev: two pages down, none up).
    proseControls: kind !== 'product' && kind !== 'grid',
  });
}

/** Named blocks that `removeNamedBlocks` spares (see there). */
interface SparedBlocks {
  sectionIds?: boolean;
  gridCards?: boolean;
  proseControls?: boolean;
}

/**
 * Removes elements whose class or id matches `pattern`. Code is left alone: highlighters name
 * their tokens by what they are (`token comment`, `hljs-comment`), and a code sample's comments
 * are part of it. With `spare.sectionIds`, an id made of the element's heading's words does
 * not count (see isHeadingAnchor); with `spare.gridCards`, a grid's card stays whatever its
 * words (see isGridCard); with `spare.proseControls`, so does prose named as filters (see
 * isProseNamedAsControls). One that holds a large share of the
 * root's text is kept whatever its name: it is more likely a wrapper of the content than an
 * aside to it.
 */
export function removeNamedBlocks(root: Element, pattern: RegExp, spare: SparedBlocks = {}): Element {
  let total: number | undefined;
  for (const element of Array.from(root.querySelectorAll('[class], [id]'))) {
    const names = `${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`;
    if (!pattern.test(names) || isStructural(element) || !root.contains(element) || isInCode(element)) continue;
    if (spare.sectionIds && !pattern.test(element.getAttribute('class') ?? '') && isHeadingAnchor(element)) continue;
    if (spare.proseControls && isProseNamedAsControls(element, names)) continue;
    if (spare.gridCards && isGridCard(element)) continue;
    total ??= textLength(root);
    if (textLength(element) > total * MAX_SHARE_OF_TEXT) continue;
    element.remove();
  }
  return root;
}

/**
 * A link or span that is a heading's visible text, never furniture whatever its class: mdBook
 * writes every heading as `<a class="header">`. A hidden one (a card's duplicate overlay link)
 * and a block inside a heading (a table of contents a broken page left inside an unclosed `<h2>`)
 * are judged like any other.
 */
function isHeadingText(element: Element): boolean {
  return (
    (element.tagName === 'A' || element.tagName === 'SPAN') &&
    !element.matches(HIDDEN_SELECTOR) &&
    element.parentElement?.closest('h1, h2, h3, h4, h5, h6') != null
  );
}
const HIDDEN_SELECTOR = '[hidden], [aria-hidden="true"]';

/**
 * Page builders (SiteOrigin, many WordPress themes) call every block of a page a "widget"; a
 * widget is furniture in a sidebar, content inside the page's main landmark or article.
 */
function isContentWidget(element: Element): boolean {
  return /(?:^|\s)widget(?:$|\s)/.test(element.getAttribute('class') ?? '') && element.closest('main, [role="main"], article') !== null;
}

/** A search form holding at least this many headings holds the results too, not only the box. */
const MIN_HEADINGS_OF_RESULTS_FORM = 6;

/**
 * Search widgets (Algolia's InstantSearch, faceted category pages) wrap the whole results page,
 * facets, product cards and all, in one `<form>` with a search input: that form is the page's
 * content, not a search box. A sign-in, search or reply box holds a heading or two at most.
 */
function isResultsForm(element: Element): boolean {
  return element.tagName === 'FORM' && element.querySelectorAll('h1, h2, h3, h4, h5, h6').length >= MIN_HEADINGS_OF_RESULTS_FORM;
}

/**
 * React's streaming server rendering sends late content in `<div hidden id="S:0">` and moves it
 * into place with a script: hidden in the HTML, visible on the page.
 */
function isStreamedContent(element: Element): boolean {
  return element.hasAttribute('hidden') && element.id.startsWith('S:');
}

/** Inside a code block or inline code: a highlighter's token, never a block of the page. */
export function isInCode(element: Element): boolean {
  return element.closest('pre, code') !== null;
}

function isStructural(element: Element): boolean {
  return element.tagName === 'BODY' || element.tagName === 'HTML' || element.tagName === 'MAIN';
}

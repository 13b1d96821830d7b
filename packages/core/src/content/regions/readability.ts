import { Readability } from '@mozilla/readability';
import type { HtmlDocument } from '../dom/parse.js';
import { isHeadingAnchor } from '../predicates/section-anchors.js';
import { hasText, textLength, textLengthUpTo } from '../dom/text.js';

/** The id Readability gives the wrapper it puts around the article's content. */
const READABILITY_PAGE_ID = 'readability-page-1';

/**
 * Readability's article element, or null when it finds none. Readability rewrites the document
 * as it reads it: the caller must not need `document` afterwards.
 */
export function readabilityArticle(document: HtmlDocument, sectionIdsAreAnchors = false): Element | null {
  lowerCaseCreatedTags(document);
  unflagCodeWrappers(document);
  unflagHeadings(document);
  if (sectionIdsAreAnchors) unflagSectionIds(document);
  unflagContentWidgets(document);
  unflagPromotedNodes(document);
  const reader = new Readability<Element>(document, {
    // Our metadata step reads what the page says about itself; Readability would parse JSON-LD again.
    disableJSONLD: true,
    // Classes carry code block languages (language-xx) through to the Markdown step.
    keepClasses: true,
    serializer: (node) => node as Element,
  });
  let article: Element | null;
  try {
    article = reader.parse()?.content ?? null;
  } catch {
    // Markup Readability cannot walk is treated like a page where it finds no article.
    article = null;
  }
  const wrapper = article?.querySelector(`#${READABILITY_PAGE_ID}`);
  if (wrapper) wrapper.replaceWith(...Array.from(wrapper.childNodes));
  return article;
}

/**
 * Readability creates "DIV" and "P" elements, and linkedom keeps the case it is given, which
 * would leave <DIV> tags in the cleaned HTML. Only this document's createElement is changed.
 */
function lowerCaseCreatedTags(document: HtmlDocument): void {
  const createElement = document.createElement.bind(document);
  document.createElement = ((name: string, options?: ElementCreationOptions) =>
    createElement(name.toLowerCase(), options)) as typeof document.createElement;
}

/** Readability's class and id words that count against a block (its REGEXPS.negative). */
const READABILITY_NEGATIVE =
  /-ad-|hidden|^hid$| hid$| hid |^hid |banner|combx|comment|com-|contact|footer|gdpr|masthead|media|meta|outbrain|promo|related|scroll|share|shoutbox|sidebar|skyscraper|sponsor|shopping|tags|widget/i;
/** A wrapper with this much text besides its code block (a file name, a "Copy" button) wraps only that block. */
const MAX_WRAPPER_EXTRA_CHARS = 80;

/**
 * Readability drops a block whose class or id holds a word it counts against content, and a code
 * sample's wrappers often do (Tailwind's `scroll-mt-2` on Docker's docs, which lost every code
 * sample that way). The offending words go from the wrappers that hold nothing but a
 * code block; the other classes (a highlighter's language) stay.
 */
function unflagCodeWrappers(document: HtmlDocument): void {
  for (const pre of Array.from(document.querySelectorAll('pre'))) {
    const codeLength = textLength(pre);
    for (let wrapper = pre.parentElement; wrapper && wrapper.tagName !== 'BODY'; wrapper = wrapper.parentElement) {
      // Bounded: the wrapper that ends the walk is often the whole article, once per code block.
      const limit = codeLength + MAX_WRAPPER_EXTRA_CHARS;
      if (textLengthUpTo(wrapper, limit) > limit) break;
      const classes = (wrapper.getAttribute('class') ?? '').split(/\s+/).filter(Boolean);
      const kept = classes.filter((name) => !READABILITY_NEGATIVE.test(name));
      if (kept.length !== classes.length) wrapper.setAttribute('class', kept.join(' '));
      if (READABILITY_NEGATIVE.test(wrapper.id)) wrapper.removeAttribute('id');
    }
  }
}

/** Readability's class and id words that drop a block before scoring (its REGEXPS.unlikelyCandidates), and the words that spare it. */
const READABILITY_UNLIKELY =
  /-ad-|ai2html|banner|breadcrumbs|combx|comment|community|cover-wrap|disqus|extra|footer|gdpr|header|legends|menu|related|remark|replies|rss|shoutbox|sidebar|skyscraper|social|sponsor|supplemental|ad-break|agegate|pagination|pager|popup|yom-remote/i;
const READABILITY_MAYBE = /and|article|body|column|content|main|shadow/i;

/** The class and id words unflagHeadings took from each heading it changed, as the page wrote them. */
const unflaggedNames = new WeakMap<Element, string>();

/**
 * A heading's class and id words as the page wrote them: the steps after Readability's pick read
 * what a theme named a heading (`relatedpoststitle`) even where unflagHeadings took the word out.
 */
export function headingNames(heading: Element): string {
  return unflaggedNames.get(heading) ?? `${heading.getAttribute('class') ?? ''} ${heading.id}`;
}

/**
 * Readability drops an element whose class or id holds a word of its unlikely list before
 * scoring, headings included, and docs generators name their headings with such words: rustdoc's
 * `section-header` and `code-header` (every method signature), Sphinx themes' `…-header`. A
 * heading is never a page's furniture by itself (a sidebar or footer holding one still goes as a
 * whole), so the words go from headings' class and id.
 */
function unflagHeadings(document: HtmlDocument): void {
  for (const heading of Array.from(document.querySelectorAll('h1, h2, h3, h4, h5, h6'))) {
    const classes = heading.getAttribute('class') ?? '';
    const names = `${classes} ${heading.id}`;
    if (!READABILITY_UNLIKELY.test(names) || READABILITY_MAYBE.test(names)) continue;
    unflaggedNames.set(heading, names);
    heading.setAttribute(
      'class',
      classes
        .split(/\s+/)
        .filter((name) => name && !READABILITY_UNLIKELY.test(name))
        .join(' '),
    );
    if (READABILITY_UNLIKELY.test(heading.id)) heading.removeAttribute('id');
  }
}

/**
 * Readability drops or marks down a block by its id's words too, and docs generators make a
 * section's id of its heading's words (Sphinx's `<section id="respond-to-review-comments">`,
 * react.dev's `sharing-data-between-components`): such ids go (isHeadingAnchor), on docs
 * pages, where every section has one.
 */
function unflagSectionIds(document: HtmlDocument): void {
  for (const element of Array.from(document.querySelectorAll('[id]'))) {
    if (!READABILITY_UNLIKELY.test(element.id) && !READABILITY_NEGATIVE.test(element.id)) continue;
    if (isHeadingAnchor(element)) element.removeAttribute('id');
  }
}

/** A class word naming a widget, which Readability's negative words count against its block. */
const WIDGET_CLASS = /widget/i;
/**
 * Widgets named for what is not the article: other posts, sign-ups, ratings, sharing, comments,
 * and WordPress's widget areas (its sidebars, also placed before or after the entry).
 */
const FURNITURE_WIDGET =
  /post|subscri|newsletter|enews|signup|rating|share|social|comment|related|recent|popular|sidebar|widget[-_]area|menu|nav|search|author|tag|categor|archive|form/i;

/**
 * Readability counts `widget` in a class against a block and drops it when the block scores low,
 * and content systems name the article's own blocks so: CKEditor's `ck-widget` (every plant of a
 * gardening guide), a review site's `c-product-widget` (each reviewed product with its pros and
 * cons). As for furniture removal (boilerplate.ts), a widget inside the page's main landmark or
 * article is content: its widget words go for Readability's reading; a sidebar's widgets outside
 * them keep theirs.
 */
function unflagContentWidgets(document: HtmlDocument): void {
  for (const element of Array.from(
    document.querySelectorAll('main [class*="widget" i], [role="main"] [class*="widget" i], article [class*="widget" i]'),
  )) {
    const classes = (element.getAttribute('class') ?? '').split(/\s+/).filter(Boolean);
    if (classes.some((name) => FURNITURE_WIDGET.test(name)) || element.closest('.widget-area')) continue;
    element.setAttribute('class', classes.filter((name) => !WIDGET_CLASS.test(name)).join(' '));
  }
}

/** Drupal's class for a node promoted to the front page (`node--promoted`, `node-promoted`). */
const DRUPAL_PROMOTED = /^(?:node-+)?promoted$/;

/**
 * Drupal marks every node promoted to the site's front page `node--promoted`, a publishing
 * status, and Readability's negative words count its `promo` against the node: the article's
 * own container (a recipe's ingredients and steps, a blog post's later sections) lost to a
 * smaller block inside it. The status word goes for Readability's reading.
 */
function unflagPromotedNodes(document: HtmlDocument): void {
  for (const element of Array.from(document.querySelectorAll('[class*="promoted"]'))) {
    const classes = (element.getAttribute('class') ?? '').split(/\s+/).filter(Boolean);
    const kept = classes.filter((name) => !DRUPAL_PROMOTED.test(name));
    if (kept.length !== classes.length) element.setAttribute('class', kept.join(' '));
  }
}

/** The Readability methods replaced below, as Readability 0.6 defines them. */
interface ReadabilityChecks {
  REGEXPS: { byline: RegExp };
  ELEMENT_NODE: number;
  _isValidByline(node: Element, matchString: string): boolean;
  _isElementWithoutContent(node: Element): boolean;
}

/**
 * Two of Readability's per-element checks, with the same results in less time. Readability reads
 * each element's whole text (`textContent`, a copy of its subtree's text) before looking at what
 * usually decides the answer, and runs both on nearly every element of the page: the text is
 * read here only when the cheap conditions pass, and emptiness is tested without copying it
 * (`hasText` sees the same white space as `trim`). Both are pure reads, so the order is free.
 */
function installCheaperChecks(): void {
  const prototype = Readability.prototype as unknown as ReadabilityChecks;
  if (typeof prototype._isValidByline !== 'function' || typeof prototype._isElementWithoutContent !== 'function') return;
  prototype._isValidByline = function (this: ReadabilityChecks, node: Element, matchString: string): boolean {
    const rel = node.getAttribute('rel');
    const itemprop = node.getAttribute('itemprop');
    if (!(rel === 'author' || itemprop?.includes('author') || this.REGEXPS.byline.test(matchString))) return false;
    const bylineLength = (node.textContent ?? '').trim().length;
    return bylineLength > 0 && bylineLength < 100;
  };
  prototype._isElementWithoutContent = function (this: ReadabilityChecks, node: Element): boolean {
    if (node.nodeType !== this.ELEMENT_NODE || hasText(node)) return false;
    const elements = node.children.length;
    return !elements || elements === node.getElementsByTagName('br').length + node.getElementsByTagName('hr').length;
  };
}

installCheaperChecks();

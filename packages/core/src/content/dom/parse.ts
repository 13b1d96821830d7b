import { boundTreeDepth } from './bounded-tree.js';
import { parseHtml5Document } from './html5-tree.js';
import { installFastSelectors } from './fast-selectors.js';
import { installFastStyles } from './fast-styles.js';

installFastSelectors();
installFastStyles();

/** The DOM every step of the content pipeline shares (a linkedom document, typed as the DOM's). */
export type HtmlDocument = globalThis.Document;

const LEADING_DOCTYPE = /^\s*<!doctype[^>]*>/i;
/**
 * A CDATA opener in HTML content (not in a script's comment, `//<![CDATA[`). Browsers read it
 * as a bogus comment that ends at the next `>`; the parser would read everything up to `]]>`
 * (often the whole page) as one text node, so it is made a comment of its own first.
 */
const STRAY_CDATA = /(?<![/*]\s*)<!\[CDATA\[/g;

/**
 * Parses a page or a fragment once, into the tree a browser builds (html5-tree.ts: parse5's tree
 * construction into linkedom nodes), so the document always has <html>, <head> and <body> and a
 * page's text is in its body however its markup is broken; the tree's depth is bounded here too
 * (see bounded-tree.ts), so no later step meets a hostile depth.
 */
export function parseHtml(html: string): HtmlDocument {
  const document = parseHtml5Document(html) as HtmlDocument;
  ensureHeadAndBody(document);
  elementCounts.set(document, boundTreeDepth(document.documentElement));
  return document;
}

/**
 * The page as the links-only tokenizer (links-stream.ts, htmlparser2) reads it: without its
 * doctype, stray CDATA openers made comments, as the tree's parser reads them.
 */
export function preparedSource(html: string): string {
  const source = html.replace(LEADING_DOCTYPE, '');
  return source.includes('<![CDATA[') ? source.replace(STRAY_CDATA, '<!--[CDATA[-->') : source;
}

const elementCounts = new WeakMap<HtmlDocument, number>();

/** How many elements `parseHtml` made for `document` (0 for a document it did not make). */
export function parsedElementCount(document: HtmlDocument): number {
  return elementCounts.get(document) ?? 0;
}

/**
 * Gives <html> a <head> and a <body> when the parser made none: it makes both, except on a
 * frameset page, where a <frameset> stands in the body's place (its frames are other pages).
 */
function ensureHeadAndBody(document: HtmlDocument): void {
  const root = document.documentElement;
  let head: Element | null = null;
  let body: Element | null = null;
  for (let child = root.firstElementChild; child; child = child.nextElementSibling) {
    if (child.tagName === 'HEAD') head ??= child;
    else if (child.tagName === 'BODY') body ??= child;
  }
  if (!head) root.insertBefore(document.createElement('head'), root.firstChild);
  if (!body) root.appendChild(document.createElement('body'));
}

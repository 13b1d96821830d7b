import { parseHTML } from './dom.js';
import { boundTreeDepth } from './bounded-tree.js';
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
 * Parses a page or a fragment once, into a document that always has <html>, <head> and <body>.
 * linkedom takes a fragment's first element as the document element and leaves content outside
 * <body> when a page omits that tag, so both cases are repaired here for every later step; the
 * tree's depth is bounded here too (see bounded-tree.ts), so no later step meets a hostile depth.
 */
export function parseHtml(html: string): HtmlDocument {
  const source = preparedSource(html);
  let { document } = parseHTML(source) as unknown as { document: HtmlDocument };
  const root = document.documentElement as Element | null;
  if (root?.tagName !== 'HTML') {
    ({ document } = parseHTML(`<html><head></head><body>${source}</body></html>`) as unknown as {
      document: HtmlDocument;
    });
  }
  ensureHeadAndBody(document);
  elementCounts.set(document, boundTreeDepth(document.documentElement));
  return document;
}

/** The page as the parser reads it: without its doctype, stray CDATA openers made comments. */
export function preparedSource(html: string): string {
  const source = html.replace(LEADING_DOCTYPE, '');
  return source.includes('<![CDATA[') ? source.replace(STRAY_CDATA, '<!--[CDATA[-->') : source;
}

const elementCounts = new WeakMap<HtmlDocument, number>();

/** How many elements `parseHtml` made for `document` (0 for a document it did not make). */
export function parsedElementCount(document: HtmlDocument): number {
  return elementCounts.get(document) ?? 0;
}

/** Gives <html> exactly one <head> and one <body>, moving stray content into the body. */
function ensureHeadAndBody(document: HtmlDocument): void {
  const root = document.documentElement;
  let head: Element | null = null;
  let body: Element | null = null;
  for (const child of Array.from(root.children)) {
    if (child.tagName === 'HEAD' && !head) head = child;
    else if (child.tagName === 'BODY' && !body) body = child;
  }
  if (!head) {
    head = document.createElement('head');
    root.insertBefore(head, root.firstChild);
  }
  if (!body) {
    body = document.createElement('body');
    root.appendChild(body);
  }
  const before: Node[] = [];
  const after: Node[] = [];
  let seenBody = false;
  for (const child of Array.from(root.childNodes)) {
    if (child === head) continue;
    if (child === body) seenBody = true;
    else (seenBody ? after : before).push(child);
  }
  // Content a page writes before <body> or after </body> still belongs to its body.
  const firstInBody = body.firstChild;
  for (const node of before) body.insertBefore(node, firstInBody);
  for (const node of after) body.appendChild(node);
}

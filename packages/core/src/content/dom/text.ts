import { CDATA_SECTION_NODE, ELEMENT_NODE, linkedom, TEXT_NODE, type LinkedNode } from './linkedom-internals.js';

/**
 * The visible-ish text length of a subtree, whitespace collapsed: the measure content choices
 * compare. Counted in one pass over the subtree's text nodes, without the copy of the whole text
 * textContent joins nor the collapsed copy a regex would build (extraction measures whole pages
 * several times per page).
 */
export function textLength(node: Node | null | undefined): number {
  return textLengthUpTo(node, Number.POSITIVE_INFINITY);
}

/**
 * `textLength`, but the count stops at the first text node that takes it past `limit`: a caller
 * that only asks "more than N?" of a large ancestor reads about N characters, not the whole
 * subtree. The result is exact up to `limit`; past it, it is some number above `limit`.
 */
export function textLengthUpTo(node: Node | null | undefined, limit: number): number {
  const counter = { length: 0, pendingSpace: false };
  const linked = linkedElement(node);
  if (!linked) {
    countCollapsed(node?.textContent ?? '', counter);
    return counter.length;
  }
  // eachTextUntil's walk written out, without its two calls per node: whole pages are measured several times each.
  const { NEXT, END } = linkedom!;
  const end = linked[END] as LinkedNode;
  for (let next = linked[NEXT] as LinkedNode; next !== end && counter.length <= limit; next = next[NEXT] as LinkedNode) {
    const type = next.nodeType;
    if (type === TEXT_NODE || type === CDATA_SECTION_NODE) countCollapsed(next.textContent as string, counter);
  }
  return counter.length;
}

/**
 * `textContent.length` (white space counted as written), stopping like `textLengthUpTo`: exact up
 * to `limit`, some number above it past that.
 */
export function rawTextLengthUpTo(node: Node | null | undefined, limit: number): number {
  let length = 0;
  eachTextUntil(
    node,
    () => length > limit,
    (text) => {
      length += text.length;
    },
  );
  return length;
}

/** Calls `visit` with each text of the subtree in document order until `done` (a node that is no linkedom element: its whole text at once). */
function eachTextUntil(node: Node | null | undefined, done: () => boolean, visit: (text: string) => void): void {
  const linked = linkedElement(node);
  if (!linked) {
    visit(node?.textContent ?? '');
    return;
  }
  const { NEXT, END } = linkedom!;
  const end = linked[END] as LinkedNode;
  for (let next = linked[NEXT] as LinkedNode; next !== end && !done(); next = next[NEXT] as LinkedNode) {
    const type = next.nodeType;
    if (type === TEXT_NODE || type === CDATA_SECTION_NODE) visit(next.textContent as string);
  }
}

/** Adds `text` to a collapsed count, as if it followed the text already counted. */
function countCollapsed(text: string, counter: { length: number; pendingSpace: boolean }): void {
  let { length, pendingSpace } = counter;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // Printable ASCII first: most characters, and never a space.
    if ((code <= 0x20 || code >= 0x7f) && isWhitespace(code)) {
      pendingSpace = length > 0;
    } else {
      if (pendingSpace) length++;
      pendingSpace = false;
      length++;
    }
  }
  counter.length = length;
  counter.pendingSpace = pendingSpace;
}

/** What `\s` matches: ASCII and Unicode white space, the no-break space and the BOM. */
export function isWhitespace(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** Whether a subtree has any visible-ish text: a cheap emptiness test (no whitespace folding). */
export function hasText(node: Node | null | undefined): boolean {
  const linked = linkedElement(node);
  if (!linked) return NON_SPACE.test(node?.textContent ?? '');
  const { NEXT, END } = linkedom!;
  const end = linked[END] as LinkedNode;
  for (let next = linked[NEXT] as LinkedNode; next !== end; next = next[NEXT] as LinkedNode) {
    const type = next.nodeType;
    if ((type === TEXT_NODE || type === CDATA_SECTION_NODE) && NON_SPACE.test(next.textContent as string)) return true;
  }
  return false;
}

const NON_SPACE = /\S/;

/**
 * `node` when it is a linkedom element, whose text nodes are walked through linkedom's links as
 * its own textContent walks them (linkedom-internals.ts); else undefined, and textContent is read.
 */
function linkedElement(node: Node | null | undefined): LinkedNode | undefined {
  const linked = node as unknown as LinkedNode | null | undefined;
  return linkedom && linked?.nodeType === ELEMENT_NODE ? linked : undefined;
}

/** The element's text with whitespace runs collapsed to one space, trimmed ('' for none). */
export function collapsedText(element: Element | null | undefined): string {
  return collapseWhitespace(element?.textContent ?? '');
}

/** `text` with whitespace runs collapsed to one space, trimmed. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

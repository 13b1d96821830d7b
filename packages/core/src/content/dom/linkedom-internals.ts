import { parseHTML } from './dom.js';

/**
 * linkedom keeps a tree as one linked list in document order: each node points to the next
 * (`[NEXT]`), an element also to the node that ends it (`[END]`), so an element's subtree is the
 * run of nodes from its `[NEXT]` up to its `[END]`, and an element's attributes are the nodes
 * right after it. Its own walks (textContent, querySelectorAll…) follow these links; the faster
 * versions of those walks here (fast-selectors.ts, text.ts) follow the same ones. The links are
 * private symbols, found by their descriptions on a parsed probe; when linkedom's internals are
 * not as expected this is null and callers keep linkedom's public methods.
 */
export interface LinkedomInternals {
  NEXT: symbol;
  END: symbol;
  /** The document's MIME record, whose `ignoreCase` says HTML (true) or XML. */
  MIME: symbol;
  /** An element's own slot for its CSSStyleDeclaration (null until `style` is read), if found. */
  STYLE: symbol | undefined;
  /** The prototype holding Element's own methods (matches, closest). */
  elementPrototype: Record<string, unknown>;
  /** The prototype holding the ParentNode mixin (querySelectorAll, getElementsByTagName). */
  parentNodePrototype: Record<string, unknown>;
  /** linkedom's NodeList (an Array with item()), which its queries return. */
  NodeList: new () => LinkedNode[];
}

/** A linkedom node as these walks read it: DOM properties and linkedom's private links. */
export type LinkedNode = Record<string | symbol, unknown> & { nodeType: number };

export const ELEMENT_NODE = 1;
export const ATTRIBUTE_NODE = 2;
export const TEXT_NODE = 3;
export const CDATA_SECTION_NODE = 4;

export const linkedom: LinkedomInternals | null = findInternals();

function findInternals(): LinkedomInternals | null {
  const probe = parseHTML('<html><head></head><body><p class="x">t</p></body></html>').document;
  const element = probe.querySelector('p') as unknown as LinkedNode | null;
  if (!element) return null;
  const symbol = (owner: object, description: string) => Object.getOwnPropertySymbols(owner).find((s) => s.description === description);
  const NEXT = symbol(element, 'next');
  const END = symbol(element, 'end');
  const MIME = symbol(probe, 'mime');
  const STYLE = symbol(element, 'style');
  const elementPrototype = Object.getPrototypeOf(Object.getPrototypeOf(element)) as Record<string, unknown>;
  const parentNodePrototype = Object.getPrototypeOf(elementPrototype) as Record<string, unknown>;
  if (!NEXT || !END || !MIME || element[NEXT] === undefined || (element[END] as LinkedNode | undefined)?.[NEXT] === undefined) return null;
  if (!ownMethods(elementPrototype, ['matches', 'closest'])) return null;
  if (!ownMethods(parentNodePrototype, ['querySelector', 'querySelectorAll', 'getElementsByTagName'])) return null;
  const NodeList = probe.querySelectorAll('p').constructor as new () => LinkedNode[];
  return { NEXT, END, MIME, STYLE: STYLE && element[STYLE] === null ? STYLE : undefined, elementPrototype, parentNodePrototype, NodeList };
}

function ownMethods(prototype: object, names: string[]): boolean {
  return names.every((name) => typeof Object.getOwnPropertyDescriptor(prototype, name)?.value === 'function');
}

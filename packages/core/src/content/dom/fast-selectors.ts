import { compileSelector } from './dom.js';
import { ATTRIBUTE_NODE, ELEMENT_NODE, linkedom, TEXT_NODE, type LinkedomInternals, type LinkedNode } from './linkedom-internals.js';
import { selectorKeys, type SelectorKeys } from './selector-keys.js';

/**
 * linkedom compiles a selector with css-select on every querySelectorAll, querySelector,
 * matches and closest call, and then runs the compiled test on every element of the subtree.
 * Content extraction calls these thousands of times per page with a few dozen fixed selectors
 * (Readability's tag lists, the boilerplate list of some 75 selectors): compiling took a few
 * per cent of a conversion, and running the long lists on every element far more.
 *
 * installFastSelectors() replaces those four methods, for HTML documents, with ones that keep
 * each compiled selector and run it only on elements that have one of the tags or attributes
 * it needs (selector-keys.ts). The walk, the compiled test and so the results are linkedom's:
 * the same css-select with the same options and adapter (copied from linkedom's
 * shared/matches.js), except css-select's result cache, which lives as long as the compiled
 * selector and so must not outlive the one call linkedom made it for. Selectors with `:scope`
 * and XML documents keep linkedom's methods. getElementsByTagName with a lower-case name skips
 * linkedom's upper-casing of every element's name, which cannot match such a name.
 */
export function installFastSelectors(): void {
  if (installed || !linkedom) return;
  installed = true;
  const { NEXT, END, MIME, elementPrototype, parentNodePrototype, NodeList } = linkedom;
  const adapter = linkedomAdapter(linkedom);
  const original = {
    querySelectorAll: parentNodePrototype.querySelectorAll as LinkedMethod,
    querySelector: parentNodePrototype.querySelector as LinkedMethod,
    getElementsByTagName: parentNodePrototype.getElementsByTagName as LinkedMethod,
    matches: elementPrototype.matches as LinkedMethod,
    closest: elementPrototype.closest as LinkedMethod,
  };
  const compiled = (node: LinkedNode, selectors: unknown): Compiled | undefined => {
    if (typeof selectors !== 'string' || selectors.includes(':scope')) return undefined;
    if (((node.ownerDocument as LinkedNode | null)?.[MIME] as { ignoreCase?: boolean } | undefined)?.ignoreCase !== true) return undefined;
    let entry = cache.get(selectors);
    if (!entry) {
      const test = compileSelector(selectors, { xmlMode: false, adapter, cacheResults: false } as never) as unknown as Matcher;
      if (cache.size >= MAX_CACHED_SELECTORS) cache.clear();
      entry = { test, keys: selectorKeys(selectors) };
      cache.set(selectors, entry);
    }
    return entry;
  };
  const mayMatch = (element: LinkedNode, keys: SelectorKeys | null): boolean => {
    if (!keys) return true;
    if (keys.tags.size > 0 && keys.tags.has((element.localName as string).toLowerCase())) return true;
    if (keys.attributes.size === 0) return false;
    for (let attribute = element[NEXT] as LinkedNode; attribute.nodeType === ATTRIBUTE_NODE; attribute = attribute[NEXT] as LinkedNode) {
      if (keys.attributes.has(attribute.name as string)) return true;
    }
    return false;
  };
  const matchesCompiled = (element: LinkedNode, selector: Compiled) => mayMatch(element, selector.keys) && selector.test(element);

  parentNodePrototype.querySelectorAll = function querySelectorAll(this: LinkedNode, selectors: unknown) {
    const selector = compiled(this, selectors);
    if (!selector) return original.querySelectorAll.call(this, selectors);
    const elements = new NodeList();
    const end = this[END] as LinkedNode;
    // Most nodes of a subtree are no elements (attributes, text, ends): they are passed with one read.
    for (let next = this[NEXT] as LinkedNode; next !== end; ) {
      if (next.nodeType !== ELEMENT_NODE) {
        next = next[NEXT] as LinkedNode;
        continue;
      }
      if (matchesCompiled(next, selector)) elements.push(next);
      // linkedom's walk skips what a <template> holds.
      next = (next.localName === 'template' ? (next[END] as LinkedNode) : next)[NEXT] as LinkedNode;
    }
    return elements;
  };
  parentNodePrototype.querySelector = function querySelector(this: LinkedNode, selectors: unknown) {
    const selector = compiled(this, selectors);
    if (!selector) return original.querySelector.call(this, selectors);
    const end = this[END] as LinkedNode;
    for (let next = this[NEXT] as LinkedNode; next !== end; ) {
      if (next.nodeType !== ELEMENT_NODE) {
        next = next[NEXT] as LinkedNode;
        continue;
      }
      if (matchesCompiled(next, selector)) return next;
      // linkedom's walk skips what a <template> holds.
      next = (next.localName === 'template' ? (next[END] as LinkedNode) : next)[NEXT] as LinkedNode;
    }
    return null;
  };
  parentNodePrototype.getElementsByTagName = function getElementsByTagName(this: LinkedNode, tagName: unknown) {
    // linkedom matches an element whose name, or in HTML its upper-cased name, is `tagName`; an
    // upper-cased name has no lower-case letters, so a lower-case `tagName` is matched by name alone.
    if (typeof tagName !== 'string' || !LOWER_CASE_NAME.test(tagName)) return original.getElementsByTagName.call(this, tagName);
    const elements = new NodeList();
    const end = this[END] as LinkedNode;
    for (let next = this[NEXT] as LinkedNode; next !== end; next = next[NEXT] as LinkedNode) {
      if (next.nodeType === ELEMENT_NODE && next.localName === tagName) elements.push(next);
    }
    return elements;
  };
  elementPrototype.matches = function matches(this: LinkedNode, selectors: unknown) {
    const selector = compiled(this, selectors);
    if (!selector) return original.matches.call(this, selectors);
    return matchesCompiled(this, selector);
  };
  elementPrototype.closest = function closest(this: LinkedNode, selectors: unknown) {
    const selector = compiled(this, selectors);
    if (!selector) return original.closest.call(this, selectors);
    let element: LinkedNode | null = this;
    while (element && !matchesCompiled(element, selector)) element = element.parentElement as LinkedNode | null;
    return element;
  };
}

let installed = false;
/** Selectors kept compiled; past this many (callers' own selectors are unbounded) the cache starts over. */
const MAX_CACHED_SELECTORS = 1000;
const cache = new Map<string, Compiled>();
/** A tag name with a lower-case ASCII letter and nothing that upper-casing could turn into one. */
const LOWER_CASE_NAME = /^[a-z][a-z0-9-]*$/;

type Matcher = (element: LinkedNode) => boolean;
type LinkedMethod = (this: LinkedNode, argument: unknown) => unknown;
interface Compiled {
  test: Matcher;
  keys: SelectorKeys | null;
}

/** linkedom's css-select adapter (shared/matches.js), as it is: the compiled tests must behave as linkedom's. */
function linkedomAdapter({ MIME }: LinkedomInternals) {
  const isTag = (node: LinkedNode) => node.nodeType === ELEMENT_NODE;
  const getChildren = (node: LinkedNode) => node.childNodes as LinkedNode[];
  const existsOne = (test: Matcher, elements: LinkedNode[]): boolean =>
    elements.some((element) => isTag(element) && (test(element) || existsOne(test, getChildren(element))));
  const getAttributeValue = (element: LinkedNode, name: string) =>
    name === 'class'
      ? ((element.getAttributeNode as (n: string) => { value: string } | null).call(element, 'class')?.value ?? null)
      : (element.getAttribute as (n: string) => string | null).call(element, name);
  const getName = (element: LinkedNode) => {
    const localName = element.localName as string;
    return ((element.ownerDocument as LinkedNode)[MIME] as { ignoreCase: boolean }).ignoreCase ? localName.toLowerCase() : localName;
  };
  const getParent = (node: LinkedNode) => node.parentNode as LinkedNode | null;
  const getSiblings = (element: LinkedNode) => {
    const parent = element.parentNode as LinkedNode | null;
    return parent ? getChildren(parent) : element;
  };
  const getText = (node: LinkedNode | LinkedNode[]): string => {
    if (Array.isArray(node)) return node.map(getText).join('');
    if (isTag(node)) return getText(getChildren(node));
    if (node.nodeType === TEXT_NODE) return node.data as string;
    return '';
  };
  const hasAttrib = (element: LinkedNode, name: string) => (element.hasAttribute as (n: string) => boolean).call(element, name);
  const removeSubsets = (nodes: LinkedNode[]) => {
    let { length } = nodes;
    while (length--) {
      const node = nodes[length]!;
      if (length && -1 < nodes.lastIndexOf(node, length - 1)) {
        nodes.splice(length, 1);
        continue;
      }
      for (let parent = node.parentNode as LinkedNode | null; parent; parent = parent.parentNode as LinkedNode | null) {
        if (nodes.includes(parent)) {
          nodes.splice(length, 1);
          break;
        }
      }
    }
    return nodes;
  };
  const findAll = (test: Matcher, nodes: LinkedNode[]): LinkedNode[] => {
    const matches: LinkedNode[] = [];
    for (const node of nodes) {
      if (isTag(node)) {
        if (test(node)) matches.push(node);
        matches.push(...findAll(test, getChildren(node)));
      }
    }
    return matches;
  };
  const findOne = (test: Matcher, nodes: LinkedNode[]): LinkedNode | null => {
    for (let node of nodes as Array<LinkedNode | null>) if (test(node!) || (node = findOne(test, getChildren(node!)))) return node;
    return null;
  };
  return {
    isTag,
    existsOne,
    getAttributeValue,
    getChildren,
    getName,
    getParent,
    getSiblings,
    getText,
    hasAttrib,
    removeSubsets,
    findAll,
    findOne,
  };
}

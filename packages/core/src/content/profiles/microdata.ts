import type { HtmlDocument } from '../dom/parse.js';
import { nextInTree } from '../dom/tree-walk.js';
import type { LdNode } from './json-ld.js';

const MAX_ITEMS = 500;
const MAX_PROPERTIES = 5_000;
const MAX_TEXT = 2_000;

/** Elements whose microdata value is a URL attribute (the HTML standard's list). */
const URL_ATTRIBUTE: Record<string, string> = {
  a: 'href',
  area: 'href',
  link: 'href',
  audio: 'src',
  embed: 'src',
  iframe: 'src',
  img: 'src',
  source: 'src',
  track: 'src',
  video: 'src',
  object: 'data',
};

/**
 * The page's top-level microdata items (`itemscope` without `itemprop`) in JSON-LD's form:
 * `itemtype` becomes `@type`, each `itemprop` a property (nested items are nodes, repeated
 * properties arrays), so one reader serves both.
 */
export function microdataItems(document: HtmlDocument): LdNode[] {
  // One walk over the elements (no selector engine: much faster on linkedom) finds both the items and their properties.
  const scopes: Element[] = [];
  const properties: Element[] = [];
  const root = document.documentElement;
  for (let node: Node | null = root; node; node = nextInTree(node, root)) {
    if (node.nodeType !== 1) continue;
    const element = node as Element;
    if (element.hasAttribute('itemscope') && scopes.length < MAX_ITEMS) scopes.push(element);
    if (element.hasAttribute('itemprop') && properties.length < MAX_PROPERTIES) properties.push(element);
  }
  if (!scopes.length) return [];
  const items = new Map<Element, LdNode>();
  for (const scope of scopes) {
    const node: LdNode = {};
    // itemtype may list several types (`CreativeWork Product`); JSON-LD writes them as an array.
    const types = (scope.getAttribute('itemtype') ?? '').trim().split(/\s+/).filter(Boolean);
    if (types.length) node['@type'] = types.length === 1 ? types[0] : types;
    items.set(scope, node);
  }
  for (const element of properties) {
    const owner = owningScope(element);
    const node = owner && items.get(owner);
    if (!node) continue;
    const value = element.hasAttribute('itemscope') ? items.get(element) : propertyValue(element);
    if (value === undefined) continue;
    for (const name of (element.getAttribute('itemprop') ?? '').trim().split(/\s+/)) {
      if (!name) continue;
      const existing = node[name];
      node[name] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
    }
  }
  return scopes.filter((scope) => !scope.hasAttribute('itemprop')).map((scope) => items.get(scope)!);
}

/** The nearest `itemscope` ancestor: the item a property belongs to. */
function owningScope(element: Element): Element | undefined {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) if (parent.hasAttribute('itemscope')) return parent;
  return undefined;
}

/** An itemprop's value: `content` when given, a URL attribute, a `<time>`'s datetime, a `<data>`'s value, else its text. */
function propertyValue(element: Element): string | undefined {
  const content = element.getAttribute('content');
  if (content !== null) return content.trim();
  const tag = element.tagName.toLowerCase();
  const urlAttribute = URL_ATTRIBUTE[tag];
  if (urlAttribute) return element.getAttribute(urlAttribute)?.trim() ?? undefined;
  if (tag === 'time' && element.hasAttribute('datetime')) return element.getAttribute('datetime')!.trim();
  if ((tag === 'data' || tag === 'meter') && element.hasAttribute('value')) return element.getAttribute('value')!.trim();
  const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, MAX_TEXT) : undefined;
}

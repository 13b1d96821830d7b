import type { HtmlDocument } from '../parse.js';
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
  const scopes = Array.from(document.querySelectorAll('[itemscope]')).slice(0, MAX_ITEMS);
  const items = new Map<Element, LdNode>();
  for (const scope of scopes) {
    const node: LdNode = {};
    const type = scope.getAttribute('itemtype')?.trim().split(/\s+/)[0];
    if (type) node['@type'] = type;
    items.set(scope, node);
  }
  let properties = 0;
  for (const element of Array.from(document.querySelectorAll('[itemprop]'))) {
    if (++properties > MAX_PROPERTIES) break;
    const owner = element.parentElement?.closest('[itemscope]');
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

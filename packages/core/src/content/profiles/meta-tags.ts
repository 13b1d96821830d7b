import type { HtmlDocument } from '../dom/parse.js';

/**
 * The `<meta>` values of the page's head by `property` and by `name` (lowercased; the first of
 * each wins), in one pass: the profiles ask for a dozen of them, and a selector query each would
 * walk a large page's whole tree a dozen times. Only the head is read (where pages put Open Graph
 * and product tags; the tree builder moves stray head elements there): a walk of a multi-megabyte
 * body costs tens of milliseconds, and microdata's `<meta itemprop>` in the body is read as microdata.
 */
export function metaTags(document: HtmlDocument): Map<string, string> {
  const tags = new Map<string, string>();
  for (const meta of Array.from((document.head ?? document).getElementsByTagName('meta'))) {
    const content = meta.getAttribute('content')?.trim();
    if (!content) continue;
    for (const key of [meta.getAttribute('property'), meta.getAttribute('name')]) {
      const name = key?.trim().toLowerCase();
      if (name && !tags.has(name)) tags.set(name, content);
    }
  }
  return tags;
}

/**
 * Links that only point a heading at itself: docs and wikis wrap a section title in a link to
 * its own anchor (`<h2 id="syntax"><a href="#syntax">Syntax</a></h2>`) so readers can copy it.
 * In Markdown that reads `## [Syntax](https://page/#syntax)`; the heading's text is what counts.
 */
const HEADINGS = new Set(['H1', 'H2', 'H3', 'H4', 'H5', 'H6']);

/** The heading `link` sits in (at most three levels up), or null. */
function enclosingHeading(link: Element): Element | null {
  let node = link.parentElement;
  for (let depth = 0; node && depth < 3; depth++, node = node.parentElement) if (HEADINGS.has(node.nodeName)) return node;
  return null;
}

/** True when `link` is inside a heading and its href's fragment names that heading, the link or their section. */
export function isHeadingSelfLink(link: Element): boolean {
  const heading = enclosingHeading(link);
  if (!heading) return false;
  const href = link.getAttribute('href') ?? '';
  const hash = href.indexOf('#');
  if (hash < 0 || hash === href.length - 1) return false;
  let fragment: string;
  try {
    fragment = decodeURIComponent(href.slice(hash + 1));
  } catch {
    return false;
  }
  const names = [heading.id, link.id, link.getAttribute('name'), heading.parentElement?.id];
  return href.startsWith('#') || names.includes(fragment);
}

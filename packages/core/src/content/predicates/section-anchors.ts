import { hasText } from '../dom/text.js';

const HEADING_TAGS = new Set(['H1', 'H2', 'H3', 'H4', 'H5', 'H6']);
/** Shorter ids or headings than this ("faq", "nav") say too little to be read as one another. */
const MIN_ANCHOR_CHARS = 4;

/**
 * Whether `element`'s id is made of its heading's words: a heading's own id, or that of a section
 * opening with its heading. Docs generators give every section such an id, as an anchor to link
 * to (Sphinx's `<section id="respond-to-review-comments">`, Django's `s-be-careful-with-related-name`,
 * react.dev's `<h2 id="sharing-data-between-components">`): its words say what the section is
 * about, not what part of the page it is ("comments", "related", "sharing" as furniture).
 */
export function isHeadingAnchor(element: Element): boolean {
  const id = normalized(element.id);
  if (id.length < MIN_ANCHOR_CHARS) return false;
  const heading = ownHeading(element);
  if (!heading) return false;
  const text = normalized(heading.textContent ?? '');
  return text.length >= MIN_ANCHOR_CHARS && (id.includes(text) || text.includes(id));
}

/** The element itself when it is a heading, else its first child with text when that is one. */
function ownHeading(element: Element): Element | null {
  if (HEADING_TAGS.has(element.tagName)) return element;
  // Empty anchors (Django's `<span id="…">`) may come before the heading.
  for (let child = element.firstElementChild; child; child = child.nextElementSibling) {
    if (HEADING_TAGS.has(child.tagName)) return child;
    if (hasText(child)) return null;
  }
  return null;
}

/** Letters and digits only, lower-cased: "Respond to review comments¶" and "respond-to-review-comments" meet. */
function normalized(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

import { textLength, textLengthUpTo } from '../dom/text.js';

/** Paragraph text a page's own header never holds: a title, a standfirst and a byline stay well under it. */
const MIN_BODY_PARAGRAPH_CHARS = 1000;
/** A body is mostly paragraphs; a header wrapping a whole page layout holds far more besides. */
const MIN_PARAGRAPH_SHARE = 0.6;
/** A site's header holds its menu, title, controls or a banner's buttons (a cookie notice's "Accept"). */
const NOT_IN_A_BODY = 'nav, h1, form, button, input, select';
/** A header its page names as one (`#header`, `site-header`, `masthead`, `LayoutTop`) is the site's, whatever it holds (a cookie notice's paragraphs). */
const NAMED_AS_HEADER = /header|masthead|banner|top/i;

/**
 * A `<header>` that holds the article's body, not a page's or an article's head: page builders
 * let an author pick the rich-text block's tag, and Webflow pages ship whole posts as
 * `<header class="rich-text">`, paragraphs and section headings in it. Firecrawl's `header`
 * selector took the post whole. It reads each outermost header's text once.
 */
export function isBodyInHeader(element: Element): boolean {
  if (element.tagName !== 'HEADER') return false;
  if (NAMED_AS_HEADER.test(`${element.getAttribute('class') ?? ''} ${element.id}`)) return false;
  if (element.querySelector(NOT_IN_A_BODY) !== null) return false;
  // Only the outermost header is judged, so nested headers never read the same text twice.
  if (element.parentElement?.closest('header')) return false;
  let paragraphChars = 0;
  for (const paragraph of Array.from(element.querySelectorAll('p'))) paragraphChars += textLength(paragraph);
  if (paragraphChars < MIN_BODY_PARAGRAPH_CHARS) return false;
  const limit = paragraphChars / MIN_PARAGRAPH_SHARE;
  return textLengthUpTo(element, limit) <= limit;
}

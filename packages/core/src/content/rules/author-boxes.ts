import { collapsedText, textLength, textLengthUpTo } from '../dom/text.js';
import { AUTHOR_BOX_PATTERN } from '../vocabulary/boilerplate-selectors.js';
import { ABOUT_AUTHOR_LINE, AUTHOR_HEADING } from '../vocabulary/related-labels.js';
import { blockOpenedBy } from './related-sections.js';

/** An author box holding more than this share of the body's text is more likely the page itself (an author's own page). */
const MAX_SHARE_OF_TEXT = 0.4;
/** Short lines that can title an author box. */
const LABELS = 'h2, h3, h4, h5, h6, div, p, span, strong, b';
const HEADINGS = new Set(['H2', 'H3', 'H4', 'H5', 'H6']);
/** A title line longer than this is a sentence, not an author box's label. */
const MAX_LABEL_CHARS = 40;

/**
 * Removes author boxes (the writer's photo, name and bio under a post) from the body before the
 * readings: a bio is a dense paragraph, and on a short post Readability picks it as the article.
 * Found by their names (author-bio, author-info, the WordPress plugins' boxes) and by the line
 * that titles them ("About the author", "Über den Autor", "Autor:innen"), which goes with the
 * block it opens. Returns how many boxes went.
 */
export function removeAuthorBoxes(root: Element): number {
  const maxText = textLength(root) * MAX_SHARE_OF_TEXT;
  let removed = 0;
  for (const element of Array.from(root.querySelectorAll('[class], [id]'))) {
    const names = `${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`;
    if (!AUTHOR_BOX_PATTERN.test(names) || !root.contains(element) || element.closest('pre, code')) continue;
    if (textLength(element) > maxText) continue;
    element.remove();
    removed++;
  }
  for (const label of Array.from(root.querySelectorAll(LABELS))) {
    if (!root.contains(label) || !isAuthorLabel(label)) continue;
    const block = blockOpenedBy(label, root, maxText);
    // A title line beside its box rather than inside it: the box is the element after it.
    const box = block === label ? label.nextElementSibling : null;
    if (box && textLength(box) <= maxText) box.remove();
    block.remove();
    removed++;
  }
  return removed;
}

function isAuthorLabel(label: Element): boolean {
  if (label.querySelector('div, p, h2, h3, h4, h5, h6, ul, ol, table')) return false;
  // Measured before it is copied: most labels are paragraphs, read this way to their 41st character only.
  const length = textLengthUpTo(label, MAX_LABEL_CHARS);
  if (length === 0 || length > MAX_LABEL_CHARS) return false;
  const text = collapsedText(label);
  return ABOUT_AUTHOR_LINE.test(text) || (HEADINGS.has(label.tagName) && AUTHOR_HEADING.test(text));
}

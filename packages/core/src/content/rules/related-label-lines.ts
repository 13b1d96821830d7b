import { collapsedText, textLengthUpTo } from '../dom/text.js';
import { RELATED_LABEL_ONLY } from '../vocabulary/related-labels.js';

/** Elements a label is written as: a heading, a line, or bold text alone in its line. */
const LABEL_CANDIDATES = 'h1, h2, h3, h4, h5, h6, p, div, li, dt, span, strong, b';
/** What follows a label that titles one story rather than a block of them. */
const HEADINGS = 'h1, h2, h3, h4, h5, h6';
/** A label is a few words; a longer line only starts like one. */
const MAX_LABEL_CHARS = 80;

/**
 * Removes lines that are only a related label ("Ähnliche Beiträge", "Auch interessant", "Mehr zum
 * Thema", "Related posts"): the title of a block of other pages, left in the content when the
 * block went (removed as related, link-dense or outside the reading) or kept where a list of
 * links follows it. The label alone says nothing of the page; the line goes with any wrapper
 * holding no other text (pictures of the other stories go with it). Returns how many went.
 */
export function removeRelatedLabelLines(root: Element): number {
  let removed = 0;
  for (const element of Array.from(root.querySelectorAll(LABEL_CANDIDATES))) {
    // Bounded first: a long block is never a label, and reading its text would cost its size.
    if (!root.contains(element) || textLengthUpTo(element, MAX_LABEL_CHARS) > MAX_LABEL_CHARS) continue;
    const text = collapsedText(element);
    if (!text || !RELATED_LABEL_ONLY.test(text)) continue;
    let line: Element = element;
    while (line.parentElement && line.parentElement !== root && collapsedText(line.parentElement) === text) line = line.parentElement;
    // A label over one headline is a "read also" line set on two lines, inside the text: gold
    // texts disagree on those (AEB keeps an Italian "Leggi anche" and its link), so it stays.
    if (line.nextElementSibling?.matches(HEADINGS)) continue;
    line.remove();
    removed++;
  }
  return removed;
}

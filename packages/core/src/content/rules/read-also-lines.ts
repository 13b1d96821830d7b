import { collapseWhitespace, textLength } from '../dom/text.js';
import { READ_ALSO_LINE } from '../vocabulary/related-labels.js';

/** Lines that can hold a "read also" link. */
const LINES = 'p, li, div, h2, h3, h4, h5, h6';
/** A "read also" line is a label and a headline: longer, it is a paragraph that happens to start so. */
const MAX_LINE_CHARS = 300;
/** Share of the text after the label inside links: the rest of the line is the other story's link. */
const MIN_LINK_SHARE = 0.6;

/**
 * Removes "read also" lines inside an article's text: a label ("Lea también:", "Read more:",
 * "Lesen Sie auch:", "Czytaj też:") and a link to another story, which news sites put between
 * paragraphs. A line that only starts with such a word and goes on in prose stays: the rest of
 * the line must be mostly link text. Returns how many lines went.
 */
export function removeReadAlsoLines(root: Element): number {
  let removed = 0;
  for (const line of Array.from(root.querySelectorAll(LINES))) {
    if (!root.contains(line) || line.querySelector(LINES)) continue;
    const raw = line.textContent ?? '';
    // Every label ends in a colon: most lines have none and are not copied again.
    if (!raw.includes(':')) continue;
    const text = collapseWhitespace(raw);
    if (text.length > MAX_LINE_CHARS) continue;
    const label = READ_ALSO_LINE.exec(text);
    if (!label) continue;
    const rest = text.length - label[0].length;
    let linkText = 0;
    for (const link of Array.from(line.querySelectorAll('a[href]'))) linkText += textLength(link);
    if (rest <= 0 || linkText < rest * MIN_LINK_SHARE) continue;
    line.remove();
    removed++;
  }
  return removed;
}

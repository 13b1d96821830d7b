import { collapsedText, textLength } from '../dom/text.js';
import { isRelatedHeading } from './related-sections.js';

/** Blocks a related label or one of its links is written as. */
const LINE = 'p, div, li, ul, ol, h2, h3, h4, h5, h6';
/** A label is short: "You may also like…", "Related", "Lesen Sie auch". */
const MAX_LABEL_CHARS = 40;
/** Share of a line's text inside links for it to be a link to another page and nothing else. */
const MIN_LINK_SHARE = 0.9;
/** Fewer links after a label may be a sentence's source, not a list of other stories. */
const MIN_LINKS = 2;

/**
 * Removes a line that only says "You may also like…" (or another related label, in any listed
 * language) with the run of link-only lines right after it: other stories, written as the
 * article's own paragraphs, so no class or heading names them. Returns how many runs went.
 */
export function removeRelatedLabelRuns(root: Element): number {
  let removed = 0;
  for (const label of Array.from(root.querySelectorAll(LINE))) {
    if (!root.contains(label) || !isLabel(label)) continue;
    const run: Element[] = [];
    let links = 0;
    for (let next = label.nextElementSibling; next && isLinkLine(next); next = next.nextElementSibling) {
      run.push(next);
      links += next.querySelectorAll('a[href]').length;
    }
    if (links < MIN_LINKS) continue;
    for (const line of [label, ...run]) line.remove();
    removed++;
  }
  return removed;
}

/** A short line with no link whose text is a related label, its trailing dots and colon aside. */
function isLabel(element: Element): boolean {
  if (element.querySelector('a[href], img') || textLength(element) > MAX_LABEL_CHARS) return false;
  const text = collapsedText(element).replace(/[\s.:…!]+$/u, '');
  return text.length > 0 && isRelatedHeading(text);
}

/** A line whose text is (nearly) all link text. */
function isLinkLine(element: Element): boolean {
  const text = textLength(element);
  if (text === 0) return false;
  let linkText = 0;
  for (const link of Array.from(element.querySelectorAll('a[href]'))) linkText += textLength(link);
  return linkText >= text * MIN_LINK_SHARE;
}

import { collapsedText, rawTextLengthUpTo, textLengthUpTo } from '../dom/text.js';

/** A hidden link shorter than this is an icon or a "Read more", not a summary. */
const MIN_SUMMARY_CHARS = 60;
/** Longer links are not summaries, nor read whole: bounded work per link. */
const MAX_SUMMARY_CHARS = 1000;

/**
 * Teaser summaries some news themes write as a second link to the story, marked
 * `aria-hidden="true"` (and `tabindex="-1"`) so a screen reader does not read the same link twice:
 * the text is on screen, and on a topic or category page it is the teaser's summary. A hidden link
 * holding a sentence or more is shown again unless another, visible link on the page says the same
 * (a card's overlay link repeating its title); short hidden links (icons, "Read more") stay hidden.
 */
export function revealHiddenTeaserSummaries(root: Element): number {
  const hidden: Element[] = [];
  const visibleTexts = new Set<string>();
  for (const link of Array.from(root.querySelectorAll('a[href]'))) {
    if (link.getAttribute('aria-hidden') === 'true') hidden.push(link);
    else if (rawTextLengthUpTo(link, MAX_SUMMARY_CHARS) <= MAX_SUMMARY_CHARS) visibleTexts.add(collapsedText(link).toLowerCase());
  }
  let revealed = 0;
  for (const link of hidden) {
    if (textLengthUpTo(link, MIN_SUMMARY_CHARS) < MIN_SUMMARY_CHARS || rawTextLengthUpTo(link, MAX_SUMMARY_CHARS) > MAX_SUMMARY_CHARS)
      continue;
    // A block inside (a whole card wrapped in a hidden link) is an overlay, not a summary line.
    if (link.querySelector('h1, h2, h3, h4, h5, h6, p, div, li, img')) continue;
    if (link.parentElement?.closest('[aria-hidden="true"], [hidden]')) continue;
    const text = collapsedText(link).toLowerCase();
    if (visibleTexts.has(text)) continue;
    link.removeAttribute('aria-hidden');
    revealed++;
  }
  return revealed;
}

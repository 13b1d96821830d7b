import { collapsedText, textLengthUpTo } from '../dom/text.js';

/** A paragraph this long is prose: an introduction or a description, not a tagline or a date line. */
const MIN_PROSE_PARAGRAPH_CHARS = 80;

/** The block's first paragraph long enough to be prose, or null. */
export function firstProse(block: Element): Element | null {
  for (const paragraph of Array.from(block.querySelectorAll('p'))) {
    if (textLengthUpTo(paragraph, MIN_PROSE_PARAGRAPH_CHARS) >= MIN_PROSE_PARAGRAPH_CHARS) return paragraph;
  }
  return null;
}

/**
 * The first `chars` characters of the block's first prose paragraph, whitespace collapsed ('' when
 * it has none): what a copied block is looked for by in content that may already hold it.
 */
export function proseOpening(block: Element, chars: number): string {
  return collapsedText(firstProse(block)).slice(0, chars);
}

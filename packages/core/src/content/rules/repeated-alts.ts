import { rawTextLengthUpTo } from '../dom/text.js';

/** An image's card: its nearest ancestors, up to this many levels, that hold little text. */
const MAX_CARD_LEVELS = 3;
/** More text than this (whitespace included) is a section of the page, not an image's card. */
const MAX_CARD_TEXT = 300;

/**
 * Empties the alt text of an image that repeats what the reader already has: an earlier image's
 * alt in the content (a gallery's "Soft" on every colour shot, a theme's "Logo" on every partner
 * logo; the first keeps its alt), or the text beside it, in its link or its small card (a
 * category tile's "Oil Paint" photo over its "Oil Paint" label, a team member's photo over their
 * name; a screen reader skips such an alt too). (The Markdown step drops repeats only of long
 * alts, since a short alt may also be a name the text shows; among alts, or inside one card, a
 * repeat is a repeat.)
 */
export function quietRepeatedAlts(root: Element): void {
  const seen = new Set<string>();
  // Several images can share a card (a photo and its hover shot): its text is read once.
  const cardTexts = new Map<Element, string>();
  for (const image of Array.from(root.querySelectorAll('img[alt]'))) {
    const alt = normalized(image.getAttribute('alt') ?? '');
    if (!alt) continue;
    const card = cardOf(image);
    let cardText = card ? cardTexts.get(card) : undefined;
    if (card && cardText === undefined) cardTexts.set(card, (cardText = normalized(card.textContent ?? '')));
    if (seen.has(alt) || cardText?.includes(alt)) image.setAttribute('alt', '');
    else seen.add(alt);
  }
}

/** The link the image sits in, else its largest ancestor within a few levels that holds little text, or null. */
function cardOf(image: Element): Element | null {
  const link = image.closest('a');
  if (link) return link;
  let card: Element | null = null;
  let element = image.parentElement;
  for (let level = 0; element && level < MAX_CARD_LEVELS; level++, element = element.parentElement) {
    // Bounded: past a card the ancestor is often the whole content, once per image.
    if (rawTextLengthUpTo(element, MAX_CARD_TEXT) > MAX_CARD_TEXT) break;
    card = element;
  }
  return card;
}

function normalized(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

import { textLength } from '../dom/text.js';

/** At least this many alike siblings make a grid or a list of cards. */
const MIN_CARDS = 3;
/** A card is short: more text than this is a section of the page, not a card. */
const MAX_CARD_CHARS = 400;
const PRICE = /(?:[$€£¥₹]|\b(?:usd|eur|gbp|aud|cad)\b)\s?\d|\d[\d.,]*\s?(?:[$€£¥₹]|\b(?:usd|eur|gbp)\b)/i;

/**
 * Elements whose children are a run of alike cards (the same tag and class, each with a link
 * and a little text): product tiles, post teasers, search results. On a listing they are the
 * content; on one product's page they are other products.
 */
export function findCardGrids(root: Element): Element[] {
  const grids: Element[] = [];
  for (const parent of [root, ...Array.from(root.querySelectorAll('ul, ol, div, section'))]) {
    const children = Array.from(parent.children);
    if (children.length < MIN_CARDS) continue;
    const counts = new Map<string, number>();
    for (const child of children) {
      const shape = `${child.tagName}.${child.getAttribute('class') ?? ''}`;
      counts.set(shape, (counts.get(shape) ?? 0) + 1);
    }
    const [shape, count] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
    if (count < MIN_CARDS || count < children.length * 0.6) continue;
    const cards = children.filter((child) => `${child.tagName}.${child.getAttribute('class') ?? ''}` === shape);
    if (cards.every(isCard)) grids.push(parent);
  }
  return grids.filter((grid) => !grids.some((other) => other !== grid && other.contains(grid)));
}

/** Whether most cards of `grid` show a price: a grid of products. */
export function isProductGrid(grid: Element): boolean {
  const cards = Array.from(grid.children);
  return cards.filter((card) => hasPrice(card.textContent ?? '')).length >= cards.length * 0.5;
}

function isCard(element: Element): boolean {
  if (!element.querySelector('a[href]') && element.tagName !== 'A') return false;
  const length = textLength(element);
  return length > 0 && length <= MAX_CARD_CHARS;
}

/**
 * Removes the cards of other products from one product's page: a short block holding a price
 * and a link to another page (cross-sells, "add the essentials", carousels that no shared class
 * names). Returns how many went.
 */
export function removeOtherProductCards(root: Element, pageUrl: string): number {
  let removed = 0;
  const pagePath = pathOf(pageUrl, pageUrl);
  // Links share their ancestors: each ancestor's text is read once, not once per link. A removal
  // leaves an ancestor's remembered text a little long, which only stops a later climb sooner.
  const texts = new Map<Element, string>();
  const textOf = (element: Element) => {
    let text = texts.get(element);
    if (text === undefined) texts.set(element, (text = (element.textContent ?? '').replace(/\s+/g, ' ').trim()));
    return text;
  };
  for (const link of Array.from(root.querySelectorAll('a[href]'))) {
    if (!root.contains(link)) continue;
    const target = pathOf(link.getAttribute('href')!, pageUrl);
    if (!target || target === pagePath || target === '/') continue;
    let card: Element = link;
    while (!hasPrice(textOf(card))) {
      const parent = card.parentElement;
      if (!parent || parent === root || textOf(parent).length > MAX_CARD_CHARS) break;
      card = parent;
    }
    if (hasPrice(textOf(card)) && !card.querySelector('h1')) {
      card.remove();
      removed++;
    }
  }
  return removed;
}

/** A card-sized text showing a price (longer texts are no card, and are not searched). */
function hasPrice(text: string): boolean {
  return text.length <= MAX_CARD_CHARS && PRICE.test(text);
}

function pathOf(href: string, base: string): string | null {
  try {
    return new URL(href, base).pathname.replace(/\/+$/, '') || '/';
  } catch {
    return null;
  }
}

/**
 * Empties the alt text of images on cards that carry their own text. Shops describe every
 * tile's photo ("A tall, white bookcase with six shelves…") beside the product's name and price;
 * like a screen reader on an image inside a labelled link, the Markdown keeps the image and the
 * card's text but not the description twice over.
 */
export function quietCardImages(grids: Element[]): void {
  for (const grid of grids) {
    for (const card of Array.from(grid.children)) {
      if (!/\S/.test(card.textContent ?? '')) continue;
      for (const image of Array.from(card.querySelectorAll('img[alt]'))) image.setAttribute('alt', '');
    }
  }
}

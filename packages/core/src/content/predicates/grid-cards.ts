/** A grid has at least this many alike cards, the card itself included. */
const MIN_CARDS = 4;
/** Siblings looked at on each side: enough to see a run, bounded on a grid of hundreds. */
const MAX_SIBLINGS_READ = 8;

/**
 * Whether `element` is one card of a grid: it (or the item it alone fills, `li > div.card`) has
 * alike siblings, same tag and same class. On a category page every card is a product, whatever
 * words its class carries beside: apps tag product cards `subscription-eligible`, themes `promo`
 * or `sponsored`, words that elsewhere name an aside.
 */
export function isGridCard(element: Element): boolean {
  let card = element;
  const parent = element.parentElement;
  if (parent && parent.childElementCount === 1 && parent.tagName !== 'BODY') card = parent;
  const className = card.getAttribute('class') ?? '';
  let alike = 1;
  for (const step of ['previousElementSibling', 'nextElementSibling'] as const) {
    let sibling = card[step];
    for (let read = 0; sibling && read < MAX_SIBLINGS_READ; read++, sibling = sibling[step]) {
      if (sibling.tagName === card.tagName && (sibling.getAttribute('class') ?? '') === className && ++alike >= MIN_CARDS) return true;
    }
  }
  return false;
}

/** A price written with its currency: "$129.00", "129,00 €", "£45", "USD 20". */
const PRICE = /[$€£¥₹]\s?\d|\d\s?[€£₹]|\b(?:USD|EUR|GBP|CAD|AUD)\s?\d/;
/** What is kept however it sits before the name: the product's photos. */
const MEDIA = 'img, picture, video';

/**
 * Removes the text a product page's content holds before its H1, keeping the photos: promo
 * bars, shipping banners, breadcrumbs, "Need help? Call…" lines and store pickers sit above
 * the product's name, and the gold texts of WCXB's product pages start at the name. A shop's
 * gallery often comes before the name in its markup, so blocks are pruned, not dropped whole:
 * their images stay, and so does a piece of text that is the product's own (a price, a part of
 * its name such as the brand link over it); the rest of their text goes. Call with the H1 in
 * `content` (after `keepPageHeading`). Returns how many elements or text nodes went.
 */
export function removeTextBeforeProductName(content: Element): number {
  const heading = content.querySelector('h1');
  if (!heading) return 0;
  const name = normalised(heading.textContent);
  let removed = 0;
  for (let node: Node = heading; node !== content && node.parentNode; node = node.parentNode) {
    for (let sibling = node.previousSibling; sibling; ) {
      const previous: ChildNode | null = sibling.previousSibling;
      removed += prune(sibling, name);
      sibling = previous;
    }
  }
  return removed;
}

/** Drops `node`'s text but not its images nor the product's own lines, descending into blocks that hold both. */
function prune(node: ChildNode, name: string): number {
  const text = normalised(node.textContent);
  if (!text || isTheProducts(text, name)) return 0;
  if (node.nodeType !== 1 || !(node as Element).firstElementChild) {
    if (node.nodeType === 1 && (node as Element).matches(MEDIA)) return 0;
    node.remove();
    return 1;
  }
  let removed = 0;
  for (const child of Array.from(node.childNodes)) removed += prune(child, name);
  return removed;
}

/** A price, or a piece of the product's name (its brand line, its name repeated over the gallery). */
function isTheProducts(text: string, name: string): boolean {
  return (text.length <= 40 && PRICE.test(text)) || (name.length > 0 && name.includes(text));
}

function normalised(text: string | null): string {
  return (text ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** Blocks compared: what pages repeat for their mobile and desktop layouts. */
const BLOCK_SELECTOR = 'div, section, article, ul, ol, dl, table, p, h1, h2, h3, h4, h5, h6, blockquote, figure';
/** Shorter repeats ("Add to cart", a price) are often meant twice; longer ones are a layout's copy. */
const MIN_CHARS = 25;

/**
 * Removes blocks whose whole text repeats an earlier block's, outside it. Shops and landing
 * pages render the same header, price box or feature list once per screen size and let CSS
 * show one; without styles every copy reaches the Markdown.
 */
export function removeDuplicateBlocks(root: Element): void {
  const seen = new Map<string, Element>();
  for (const block of Array.from(root.querySelectorAll(BLOCK_SELECTOR))) {
    if (!root.contains(block)) continue;
    const text = (block.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (text.length < MIN_CHARS) continue;
    const first = seen.get(text);
    if (!first) seen.set(text, block);
    else if (root.contains(first) && !first.contains(block) && !block.contains(first)) block.remove();
  }
}

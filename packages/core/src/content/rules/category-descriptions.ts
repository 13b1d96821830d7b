import { removeBoilerplate } from './boilerplate.js';
import { firstProse, proseOpening } from '../predicates/prose-opening.js';
import { collapsedText } from '../dom/text.js';

/**
 * A shop platform's category description: PrestaShop's `#js-product-list-bottom` and
 * `#category-description`, Magento's `.category-description`, WooCommerce's `.term-description`,
 * Shopify themes' `.collection-description`. Themes often place the long one below the product
 * grid, even outside the page's main landmark, where neither reading looks; it is the category's
 * own text (a buying guide, what the range holds).
 */
const DESCRIPTION = '#js-product-list-bottom, #category-description, .category-description, .term-description, .collection-description';
const PROBE_CHARS = 80;
/** At most this many descriptions per page are copied: bounded work on pages that repeat the class. */
const MAX_DESCRIPTIONS = 3;

/** Copies of the page's category descriptions, outermost only, taken before either reading rewrites the page. */
export function copyCategoryDescriptions(body: Element): Element[] {
  const copies: Element[] = [];
  for (const block of Array.from(body.querySelectorAll(DESCRIPTION))) {
    if (copies.length >= MAX_DESCRIPTIONS) break;
    if (block.parentElement?.closest(DESCRIPTION)) continue;
    if (!firstProse(block)) continue;
    const copy = block.cloneNode(true) as Element;
    removeBoilerplate(copy);
    if (firstProse(copy)) copies.push(copy);
  }
  return copies;
}

/** Appends each description the content does not already hold (its first paragraph's opening words). */
export function keepCategoryDescriptions(content: Element, copies: Element[]): void {
  if (copies.length === 0) return;
  const text = collapsedText(content);
  for (const copy of copies) {
    const probe = proseOpening(copy, PROBE_CHARS);
    if (probe && !text.includes(probe)) content.appendChild(copy);
  }
}

import { PRODUCT_CHROME_PATTERN, PRODUCT_CONTROL_SELECTOR } from '../vocabulary/boilerplate-selectors.js';
import { removeNamedBlocks } from './boilerplate.js';
import { textLength } from '../dom/text.js';

/** A control group holding more than this share of the content's text wraps the product itself. */
const MAX_SHARE_OF_TEXT = 0.4;

/**
 * Removes what a shop page shows around its products rather than about them: the purchase
 * form's option groups (swatches, sizes, quantities, their labels), the swatches on a grid's
 * cards, and review and rating widgets. What is left is the products' names, prices,
 * descriptions and specifications, which is what a reader (and WCXB's gold text) takes from a
 * product page or a category grid (measured on the WCXB dev split: product 0.613 → 0.633,
 * collection 0.618 → 0.626). Returns `root`.
 */
export function removeProductChrome(root: Element): Element {
  let total: number | undefined;
  for (const element of Array.from(root.querySelectorAll(PRODUCT_CONTROL_SELECTOR))) {
    if (!root.contains(element) || element.querySelector('h1')) continue;
    total ??= textLength(root);
    if (textLength(element) > total * MAX_SHARE_OF_TEXT) continue;
    element.remove();
  }
  return removeNamedBlocks(root, PRODUCT_CHROME_PATTERN);
}

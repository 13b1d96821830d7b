import { textLength } from '../dom/text.js';

/**
 * Containers shops put one product's details in: schema.org microdata, and the class names of
 * the common shop themes (Shopify, WooCommerce, Magento, BigCommerce and in-house ones).
 */
const PRODUCT_REGION_SELECTOR = [
  '[itemtype*="schema.org/Product" i]',
  '.product-detail',
  '.product-details',
  '.product-single',
  '.product-main',
  '.product-info-main',
  '.product__info',
  '.product-page',
  '.pdp-main',
  '.pdp',
  '#product',
  '.product-essential',
  'div.product',
  '.single-product',
  '#ProductSection',
  '.product-template',
].join(', ');
/** A product container holding less than this share of the main region is a fragment (a price box). */
const MIN_SHARE_OF_REGION = 0.15;

/**
 * The element holding the product itself (name, price, description, specifications) rather
 * than the page around it (recommendations, recently viewed, reviews of other products): the
 * largest product container that holds the page's H1, or null when the page names none.
 */
export function findProductRegion(region: Element): Element | null {
  const heading = region.querySelector('h1');
  let best: Element | null = null;
  let bestText = 0;
  for (const candidate of Array.from(region.querySelectorAll(PRODUCT_REGION_SELECTOR))) {
    if (heading && !candidate.contains(heading)) continue;
    const text = textLength(candidate);
    if (text > bestText) {
      best = candidate;
      bestText = text;
    }
  }
  return best && bestText >= textLength(region) * MIN_SHARE_OF_REGION ? best : null;
}

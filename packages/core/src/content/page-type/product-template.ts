import type { HtmlDocument } from '../dom/parse.js';

/**
 * Body classes shop platforms put on a single product's page template, and only there: WooCommerce's
 * `single-product`, Shopify themes' `template-product`, Magento's `catalog-product-view`. Their
 * category pages say `tax-product_cat`, `template-collection`, `catalog-category-view`.
 */
const PRODUCT_TEMPLATE_CLASSES = new Set(['single-product', 'template-product', 'catalog-product-view']);

/**
 * Whether the shop's own template says this is one product's page. A product page's
 * recommendations, variants and upsells can hold more product cards and prices than a category
 * page, and a WooCommerce shop declares its catalogue (`OfferCatalog`) on every page: the
 * template is the surer word.
 */
export function usesProductTemplate(document: HtmlDocument): boolean {
  const names = document.body?.getAttribute('class') ?? '';
  return names.split(/\s+/).some((name) => PRODUCT_TEMPLATE_CLASSES.has(name));
}

import { describe, expect, it } from 'vitest';
import { parseHtml } from '../../src/content/dom/parse.js';
import { classifyPage } from '../../src/content/page-type/page-type.js';
import { readPageSignals } from '../../src/content/page-type/page-signals.js';

/** A WooCommerce page: the shop's catalogue declared on every page, a product and its upsell cards. */
function wooCommercePage(bodyClass: string): string {
  const upsells = Array.from(
    { length: 8 },
    (_, i) =>
      `<li class="product type-product"><a href="/shop/dress/${i}">Hemp dress ${i}</a><span class="price">€${90 + i}.00</span><span class="price">$${100 + i}.00</span></li>`,
  );
  return `<html><head><script type="application/ld+json">{"@type":"Organization","hasOfferCatalog":{"@type":"OfferCatalog"}}</script></head>
    <body class="${bodyClass}"><h1>Iris hemp dress</h1><p>A rust-coloured dress in hemp.</p>
    <section class="up-sells upsells products"><h2>You may also like</h2><ul class="products">${upsells.join('')}</ul></section></body></html>`;
}

describe('product page templates', () => {
  it("reads a page whose body names a shop's single-product template as a product, whatever its upsells and declared catalogue", () => {
    const url = 'https://shop.example/shop/womenswear/dress/iris-hemp-dress/';
    const product = readPageSignals(
      parseHtml(wooCommercePage('wp-singular product-template-default single single-product woocommerce-page')),
    );
    expect(product.productTemplate).toBe(true);
    expect(classifyPage(url, product)).toBe('product');
    // Without the template's word the same page reads as a catalogue.
    expect(classifyPage(url, readPageSignals(parseHtml(wooCommercePage('archive woocommerce-page'))))).toBe('collection');
  });

  it("takes the template's class names whole (Shopify's template-product, Magento's catalog-product-view), not a part of one", () => {
    expect(readPageSignals(parseHtml('<html><body class="template-product"></body></html>')).productTemplate).toBe(true);
    expect(readPageSignals(parseHtml('<html><body class="page catalog-product-view"></body></html>')).productTemplate).toBe(true);
    expect(readPageSignals(parseHtml('<html><body class="single-product-grid template-collection"></body></html>')).productTemplate).toBe(
      false,
    );
  });
});

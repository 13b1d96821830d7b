import { describe, expect, it } from 'vitest';
import { removeRawFieldKeys } from '../../src/content/rules/field-keys.js';
import { parseHtml } from '../../src/content/dom/parse.js';

describe('raw field keys', () => {
  it("drops a shop theme's custom fields printed under their keys, with their values, and keeps the product's labelled details", () => {
    const document = parseHtml(`<html><body><div class="productView-info"><dl>
      <dt class="productView-info-name">SKU:</dt><dd class="productView-info-value">5001</dd>
      <dt class="productView-info-name">retail_price_tier1:</dt><dd class="productView-info-value">$20.00_1–9 items</dd>
      <dt class="productView-info-name">cat_thumb_Petrol Blue:</dt><dd class="productView-info-value">https://cdn.example/5001_PETROL_THUMB.jpg</dd>
      <dt class="productView-info-name">tab_Care Instructions:</dt><dd>Wash cold.</dd><dd>Do not tumble dry.</dd>
      <dt class="productView-info-name">Material:</dt><dd class="productView-info-value">100% combed cotton</dd>
      <dt>Fit note</dt><dd>runs_small in the shoulders</dd>
    </dl></div></body></html>`);
    expect(removeRawFieldKeys(document.body)).toBe(3);
    const items = Array.from(document.body.querySelectorAll('dt, dd'), (item) => item.textContent);
    expect(items).toEqual(['SKU:', '5001', 'Material:', '100% combed cotton', 'Fit note', 'runs_small in the shoulders']);
  });
});

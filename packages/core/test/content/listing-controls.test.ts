import { describe, expect, it } from 'vitest';
import { removeListingControls } from '../../src/content/rules/listing-controls.js';
import { parseHtml } from '../../src/content/dom/parse.js';

describe('listing controls', () => {
  it("drops Magento's product-list toolbars (view modes, sorter, page size, pages) and keeps the products", () => {
    const toolbar = (inner: string) => `<div class="toolbar toolbar-products">${inner}</div>`;
    const { body } = parseHtml(`<html><body><main><h1>Garden tools</h1>
${toolbar('<div class="modes"><strong class="modes-label">View as</strong><strong class="modes-mode active mode-grid"><span>Grid</span></strong><a class="modes-mode mode-list" href="?mode=list"><span>List</span></a></div><p class="toolbar-amount">Items 1-24 of 123</p><div class="toolbar-sorter sorter"><label>Sort By</label><select><option>Position</option><option>Price</option></select><a class="sorter-action" href="#"><span>Set Descending Direction</span></a></div>')}
<ol class="products list"><li class="product-item"><a href="/trowel">Brass trowel</a><span class="price">$24.00</span></li><li class="product-item"><a href="/fork">Oak fork</a><span class="price">$31.00</span></li></ol>
${toolbar('<div class="pages"><ul><li><a href="?p=2">Page 2</a></li><li><a href="?p=2">Next</a></li></ul></div><div class="limiter"><label>Show</label><select><option>12</option><option>24</option></select><span>per page</span></div>')}
</main></body></html>`);
    removeListingControls(body);
    const text = body.textContent ?? '';
    for (const dropped of ['View as', 'Set Descending Direction', 'Items 1-24', 'per page', 'Page 2']) expect(text).not.toContain(dropped);
    for (const kept of ['Garden tools', 'Brass trowel', '$24.00', 'Oak fork']) expect(text).toContain(kept);
  });
});

import { describe, expect, it } from 'vitest';
import { copyCategoryDescriptions, keepCategoryDescriptions } from '../../src/content/rules/category-descriptions.js';
import { parseHtml } from '../../src/content/dom/parse.js';

const guide =
  'Gas barbecues light at a turn of the knob and hold their heat for hours, which is why our buying guide starts with the burners.';

describe('category descriptions a theme places outside the main content', () => {
  it("copies PrestaShop's bottom description from below the main landmark and appends it to the content once", () => {
    const { body } = parseHtml(`<html><body><main><h1>Gas barbecues</h1><ul class="products"><li>Spirit E-425 €699</li></ul></main>
<footer>Shop footer</footer>
<div id="js-product-list-bottom"><h2>Choosing a gas barbecue</h2><p>${guide}</p><div class="category-description"><p>${guide} Nested.</p></div></div>
<div class="term-description"><p>Short line.</p></div></body></html>`);
    const copies = copyCategoryDescriptions(body);
    expect(copies).toHaveLength(1);
    const content = body.querySelector('main') as Element;
    keepCategoryDescriptions(content, copies);
    keepCategoryDescriptions(content, copyCategoryDescriptions(body));
    const text = content.textContent ?? '';
    expect(text).toContain('Choosing a gas barbecue');
    expect(text.split('buying guide starts').length - 1).toBe(2);
  });

  it('leaves content that already holds the description as it is', () => {
    const { body } = parseHtml(
      `<html><body><main><h1>Gas barbecues</h1><div class="category-description"><p>${guide}</p></div></main></body></html>`,
    );
    const content = body.querySelector('main') as Element;
    const before = content.innerHTML;
    keepCategoryDescriptions(content, copyCategoryDescriptions(body));
    expect(content.innerHTML).toBe(before);
  });
});

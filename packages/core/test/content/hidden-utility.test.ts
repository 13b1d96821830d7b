import { describe, expect, it } from 'vitest';
import { buildHtmlDocument } from '../../src/content/assembly/build-document.js';
import { removeUtilityHiddenBlocks } from '../../src/content/rules/hidden-utility.js';
import { parseHtml } from '../../src/content/dom/parse.js';
import { resolveScrapeOptions } from '../../src/options.js';

const markdownOf = (html: string, url: string) =>
  buildHtmlDocument({ html, url, sourceURL: url, statusCode: 200 }, resolveScrapeOptions({ formats: ['markdown'] })).markdown ?? '';

describe('blocks a utility class hides at every width', () => {
  it("drops each card's hidden quick-view description on a collection page, and keeps the cards", () => {
    const url = 'https://lamps.example/collections/desk-lamps';
    const cards = ['Tide lamp', 'Quay lamp', 'Buoy lamp', 'Pier lamp']
      .map(
        (name, i) =>
          `<li class="product-card"><a href="/products/${i}">${name}</a><span class="price">$${80 + i}.00</span><button class="add-to-cart">Add to cart</button>` +
          `<div class="quick-view hidden"><h4>${name}</h4><p>Wired in our workshop from brass offcuts, the ${name} turns its shade with the tide of the harbour wall and ships with a linen cord.</p><ul><li>What's in the box</li><li>Linen cord</li></ul></div></li>`,
      )
      .join('');
    const html = `<html><head><title>Desk lamps</title></head><body><main><h1>Desk lamps</h1><p>Brass and oak lamps for the harbour office, wired in our workshop by the quay.</p><ul class="grid">${cards}</ul>
<div class="hidden md:block"><p>Every lamp carries a five-year guarantee on its wiring.</p></div></main></body></html>`;
    const markdown = markdownOf(html, url);
    for (const kept of ['# Desk lamps', '[Tide lamp]', '$80.00', '[Pier lamp]', 'five-year guarantee']) expect(markdown).toContain(kept);
    for (const dropped of ['brass offcuts', "What's in the box", 'Linen cord']) expect(markdown).not.toContain(dropped);
  });

  it('keeps tab and accordion panels and blocks shown at some width, and leaves the H1', () => {
    const { body } = parseHtml(`<html><body><main>
<h1 class="hidden">Desk lamps</h1>
<div class="d-none" id="quick-1"><p>Quick view of the Tide lamp</p></div>
<div class="tab-pane hidden" role="tabpanel"><p>Specifications</p></div>
<button aria-controls="faq-1">Do you ship abroad?</button><div id="faq-1" class="hidden"><p>Yes, by sea.</p></div>
<div class="is-hidden" aria-labelledby="tab-2"><p>Care guide</p></div>
<div class="d-none d-lg-block"><p>Desktop only banner</p></div>
<div class="max-md:hidden"><p>Hidden on phones only</p></div>
<div class="hiddenish"><p>Not a utility class</p></div>
</main></body></html>`);
    const removed = removeUtilityHiddenBlocks(body);
    const text = body.textContent ?? '';
    expect(removed).toBe(1);
    expect(text).not.toContain('Quick view of the Tide lamp');
    for (const kept of [
      'Desk lamps',
      'Specifications',
      'Yes, by sea.',
      'Care guide',
      'Desktop only banner',
      'Hidden on phones only',
      'Not a utility class',
    ])
      expect(text).toContain(kept);
  });
});

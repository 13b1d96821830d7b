import { describe, expect, it } from 'vitest';
import { revealHiddenTeaserSummaries } from '../../src/content/rules/hidden-teaser-links.js';
import { parseHtml } from '../../src/content/dom/parse.js';

describe('teaser summaries written as aria-hidden links', () => {
  it('shows a hidden link holding a summary, and leaves hidden icons, overlays and repeats of a visible link', () => {
    const story = '/news/harbour-lamps';
    const { body } = parseHtml(`<html><body><main><h1>Lamps</h1>
<article><a href="${story}" aria-hidden="true" tabindex="-1"><img src="/lamp.jpg" alt=""></a>
<h2><a href="${story}">Harbour lamps relit after the winter storms</a></h2>
<p><a href="${story}" aria-hidden="true" tabindex="-1">The quay's brass lamps burn again, rewired by the workshop that first made them a century ago.</a></p>
<a href="${story}" aria-hidden="true">Read more</a>
<a href="${story}" aria-hidden="true" tabindex="-1">Harbour lamps relit after the winter storms, and more news from the quay</a>
<a href="/other" aria-hidden="true"><div>A whole card wrapped in a hidden link, its text long enough to be a summary.</div></a>
</article>
<nav><a href="/overlay">An overlay link that repeats a visible link on the page word for word</a></nav>
<a href="/overlay" aria-hidden="true">An overlay link that repeats a visible link on the page word for word</a>
</main></body></html>`);
    expect(revealHiddenTeaserSummaries(body)).toBe(2);
    const shown = Array.from(body.querySelectorAll('a:not([aria-hidden])')).map((a) => a.textContent);
    expect(shown).toContain("The quay's brass lamps burn again, rewired by the workshop that first made them a century ago.");
    expect(shown).toContain('Harbour lamps relit after the winter storms, and more news from the quay');
    expect(body.querySelectorAll('a[aria-hidden="true"]')).toHaveLength(4);
  });
});

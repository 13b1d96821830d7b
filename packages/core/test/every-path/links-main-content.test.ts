import { htmlToDocument } from '@trawl/core';
import { describe, expect, it } from 'vitest';
import { evalData, samplePathPages } from './sample-pages.js';

/**
 * `formats: ['links']` on the default onlyMainContent reads the main region as cheaply as it can
 * (no Markdown, no image or URL rewriting, no cleaning of a reading that cannot win): its links
 * must be the links the full conversion (Markdown, HTML and links together) gives, on real pages.
 */
describe.skipIf(!evalData)('links with main content: the cheap path gives the full path’s links on dev-set pages', () => {
  it('matches on every page of the fixed sample', async () => {
    const pages = samplePathPages();
    expect(pages.length).toBeGreaterThan(30);
    let withLinks = 0;
    for (const page of pages) {
      const url = `https://example.com/${page.set}/${encodeURIComponent(page.id)}`;
      const cheap = await htmlToDocument(page.html, { url, formats: ['links'] });
      const full = await htmlToDocument(page.html, { url, formats: ['markdown', 'html', 'links'] });
      expect(cheap.links, `${page.set} ${page.id}`).toEqual(full.links);
      expect(cheap.markdown).toBeUndefined();
      if ((full.links?.length ?? 0) > 0) withLinks++;
    }
    // The comparison means something only if most pages' main content holds links.
    expect(withLinks).toBeGreaterThan(pages.length / 2);
  }, 300_000);
});

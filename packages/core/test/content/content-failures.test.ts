import { contentFailurePages, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMarkupSource } from '../../src/content/assembly/markup-source.js';
import { isCutOff } from '../../src/content/assembly/page-summary.js';
import { htmlToDocument, scrape } from '../../src/index.js';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(() => site.close());

describe('main content on the failure kinds of pages nobody tuned for (issue #30)', () => {
  it.each(Object.values(contentFailurePages))('keeps the article and nothing else of $description', async (page) => {
    const document = await scrape(`${site.url}${page.path}`, { formats: ['markdown'] });
    const markdown = document.markdown ?? '';
    const found = page.phrases.map((phrase) => markdown.indexOf(phrase));
    expect(
      found.every((at) => at >= 0),
      `${page.path}: ${JSON.stringify(markdown)}`,
    ).toBe(true);
    expect(found).toEqual([...found].sort((a, b) => a - b));
    for (const leak of page.absent) expect(markdown, `${page.path} leaks ${leak}`).not.toContain(leak);
  });

  it('keeps a consent dialog out of the main content only: the whole page still has it', async () => {
    const page = contentFailurePages.consentDialog;
    const document = await scrape(`${site.url}${page.path}`, { formats: ['markdown'], onlyMainContent: false, blockAds: false });
    expect(document.markdown).toContain(page.absent[0]);
  });

  it("gives an app shell's summary only when its body has no text, and says so in the trace", async () => {
    const page = contentFailurePages.appShell;
    const summary = await htmlToDocument(page.html, {
      url: `https://forum.example${page.path}`,
      formats: ['markdown', 'html'],
      explain: true,
    });
    expect(summary.html).toBe(
      `<h1>The island ferry</h1><p>${page.phrases[1]}. ${page.phrases[2]}. Does anyone know the winter timetable?</p>`,
    );
    expect(summary.explain?.at(-1)).toMatchObject({ name: 'page-summary', phase: 'decision', charsAfter: expect.any(Number) });
    expect(summary.warning).toContain('body holds no text');
    // A page with text of its own keeps it, whatever its head says.
    const withText = page.html.replace(
      '<section id="main"></section>',
      '<section id="main"><p>The harbour office posts the timetable on its door.</p></section>',
    );
    const document = await htmlToDocument(withText, { url: `https://forum.example${page.path}` });
    expect(document.markdown).toBe('The harbour office posts the timetable on its door.');
    expect(document.warning).toBeUndefined();
  });

  it('falls back alike whether Markdown, HTML or only links are asked for', async () => {
    // Left with a skip link alone, the content has text but converts to no Markdown: every format
    // set must treat it as empty (before, `links` and `html` kept the skip link and no warning).
    const html =
      '<!doctype html><html><head><title>Shop</title><meta name="description" content="Things to buy, from kettles to k…"></head><body><header><a href="#menu">Skip navigation links</a><nav id="menu"><a href="/c/1">Category 1</a> <a href="/c/2">Category 2</a></nav></header></body></html>';
    const options = { url: 'https://shop.example/', excludeTags: ['nav'] };
    const [markdown, links, cleaned] = await Promise.all([
      htmlToDocument(html, { ...options, formats: ['markdown', 'links'] }),
      htmlToDocument(html, { ...options, formats: ['links'] }),
      htmlToDocument(html, { ...options, formats: ['html'] }),
    ]);
    expect(markdown.markdown).toBe('# Shop\n\nThings to buy, from kettles to k…');
    expect(links.links).toEqual(markdown.links);
    expect(cleaned.html).toBe('<h1>Shop</h1><p>Things to buy, from kettles to k…</p>');
    for (const document of [markdown, links, cleaned]) expect(document.warning).toContain('body holds no text');
  });

  it("gives no summary when the head holds only a finished pitch, not an excerpt of the page's text", async () => {
    const page = contentFailurePages.pitchShell;
    const document = await htmlToDocument(page.html, { url: `https://shop.example${page.path}`, explain: true });
    expect(document.markdown).toBe('');
    expect(document.warning).toContain('the content is empty');
    expect(document.explain?.map((step) => step.name)).not.toContain('page-summary');
    expect(isCutOff('Cerebral experts offer online mental healthcare. Learn about the care you can get today.')).toBe(false);
    expect(isCutOff('I am choosing my key switches and want a starter board to go&hellip;')).toBe(true);
    expect(
      isCutOff(
        `${'My gaming tastes continue to grow and evolve, and 2025 was an eventful year in many ways: '.repeat(2)}as a result (and as`,
      ),
    ).toBe(true);
    expect(isCutOff('Washable rugs for every room')).toBe(false);
  });

  it("gives no main content for a shell whose only text is the site's footer, and says so in the trace", async () => {
    const page = contentFailurePages.footerShell;
    const document = await htmlToDocument(page.html, { url: `https://shop.example${page.path}`, explain: true });
    expect(document.markdown).toBe('');
    expect(document.warning).toContain('the content is empty');
    expect(document.explain?.map((step) => step.name)).toContain('footer-only-shell');
    // A footer that holds prose is no site directory: the page keeps its text.
    const prose = page.html.replace(
      '<dl><dt><h5>Help</h5></dt>',
      `<p>${'The rug is woven by hand from wool spun on the island. '.repeat(8)}</p><dl><dt><h5>Help</h5></dt>`,
    );
    const kept = await htmlToDocument(prose, { url: `https://shop.example${page.path}` });
    expect(kept.markdown).toContain('woven by hand');
    expect(kept.warning).toBeUndefined();
  });

  it("gives a shell's excerpt instead of a few stray links", async () => {
    const page = contentFailurePages.strayLinksShell;
    const document = await htmlToDocument(page.html, { url: `https://forum.example${page.path}`, explain: true });
    expect(document.markdown).toMatch(/^# How far does yours go\?\n\nThe ferry/);
    expect(document.explain?.at(-1)).toMatchObject({ name: 'page-summary', phase: 'decision' });
  });

  it('tells markup written out as text from prose that mentions a tag', () => {
    expect(isMarkupSource('<img height="1" width="1" src="https://www.facebook.com/tr?id=1"/>')).toBe(true);
    expect(isMarkupSource('&lt;img src="https://pixel.example/p.gif"&gt;&lt;/img&gt;')).toBe(true);
    expect(isMarkupSource('Use the <img> element for pictures and give every one an alt text that says what it shows.')).toBe(false);
    expect(isMarkupSource('   ')).toBe(false);
  });
});

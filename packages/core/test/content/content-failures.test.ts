import { contentFailurePages, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMarkupSource } from '../../src/content/assembly/markup-source.js';
import { scrape } from '../../src/index.js';

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

  it('tells markup written out as text from prose that mentions a tag', () => {
    expect(isMarkupSource('<img height="1" width="1" src="https://www.facebook.com/tr?id=1"/>')).toBe(true);
    expect(isMarkupSource('&lt;img src="https://pixel.example/p.gif"&gt;&lt;/img&gt;')).toBe(true);
    expect(isMarkupSource('Use the <img> element for pictures and give every one an alt text that says what it shows.')).toBe(false);
    expect(isMarkupSource('   ')).toBe(false);
  });
});

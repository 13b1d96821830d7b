import { harbourFurniture, pageTypeFixtures, startFixtureSite, type FixtureSite, type PageTypeFixture } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHtmlDocument } from '../../src/content/build-document.js';
import { parseHtml } from '../../src/content/parse.js';
import { classifyPage, type PageType } from '../../src/content/page-type/page-type.js';
import { readPageSignals } from '../../src/content/page-type/page-signals.js';
import { resolveScrapeOptions } from '../../src/options.js';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(() => site.close());

async function fetchPage(fixture: PageTypeFixture): Promise<{ html: string; url: string }> {
  const url = `${site.url}${fixture.path}`;
  return { html: await (await fetch(url)).text(), url };
}

async function markdownOf(fixture: PageTypeFixture): Promise<string> {
  const { html, url } = await fetchPage(fixture);
  return buildHtmlDocument({ html, url, sourceURL: url, statusCode: 200 }, resolveScrapeOptions({ formats: ['markdown'] })).markdown ?? '';
}

const expectedTypes: Record<keyof typeof pageTypeFixtures, PageType> = {
  forumThread: 'forum',
  product: 'product',
  grid: 'collection',
  listing: 'listing',
  landing: 'service',
  docs: 'documentation',
  shortDocs: 'documentation',
  contact: 'service',
  faq: 'service',
  fewWords: 'service',
};

describe('main content of every kind of page (fixture site, Harbour Co. furniture on each page)', () => {
  for (const [name, fixture] of Object.entries(pageTypeFixtures) as Array<[keyof typeof pageTypeFixtures, PageTypeFixture]>) {
    it(`${name}: keeps its content and its H1 once, drops the furniture`, async () => {
      const markdown = await markdownOf(fixture);
      for (const kept of fixture.keeps) expect(markdown, `${name} keeps "${kept}"`).toContain(kept);
      for (const dropped of [...Object.values(harbourFurniture), ...fixture.drops]) {
        expect(markdown, `${name} drops "${dropped}"`).not.toContain(dropped);
      }
      const h1s = markdown.split('\n').filter((line) => line.startsWith('# '));
      expect(h1s).toEqual([`# ${fixture.heading}`]);
    });

    it(`${name}: is recognised as a ${expectedTypes[name]} page`, async () => {
      const { html, url } = await fetchPage(fixture);
      expect(classifyPage(url, readPageSignals(parseHtml(html)))).toBe(expectedTypes[name]);
    });
  }

  it('keeps every post of a thread, in order, with its author', async () => {
    const markdown = await markdownOf(pageTypeFixtures.forumThread);
    const positions = pageTypeFixtures.forumThread.keeps.filter((_, i) => i % 2 === 0).map((text) => markdown.indexOf(text));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });
});

import { pageTypeFixtures, startFixtureSite, syntheticPageHtml, type FixtureSite } from '@trawl/testkit';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHtmlDocument } from '../../src/content/assembly/build-document.js';
import { extractLinks } from '../../src/content/assembly/links.js';
import { streamPageLinks } from '../../src/content/assembly/links-stream.js';
import { metadataFromFacts } from '../../src/content/assembly/metadata.js';
import { parseHtml } from '../../src/content/dom/parse.js';
import { resolveScrapeOptions } from '../../src/options.js';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(() => site.close());

/** Every fixed path of the fixture site's route table (packages/testkit/README.md), with sizes for the parameterised hostile ones. */
function fixturePaths(): string[] {
  const readme = readFileSync(new URL('../../../testkit/README.md', import.meta.url), 'utf8');
  const listed = [...readme.matchAll(/^\| `(\/[^`]*)`/gm)].map((match) => match[1]!);
  const fixed = listed.filter((path) => !/[*{<:]|=[A-Z]|\/N$|NNN|hang|never-ends|slow|million/.test(path));
  return [
    ...fixed,
    '/limits/nested/div?depth=3000',
    '/limits/nested/table?depth=300',
    '/limits/unclosed-anchors?n=3000',
    '/limits/many-links?n=20000',
    '/large?kb=300',
    '/redirect/chain/2',
    '/docs/guide/',
  ];
}

interface Page {
  url: string;
  html: string;
}

/** The fixture pages that answer HTML, and the same-site pages they link to (one hop). */
async function fixturePages(): Promise<Page[]> {
  const pages = new Map<string, Page>();
  const load = async (url: string) => {
    if (pages.has(url)) return;
    // Redirect loops and the like answer no page.
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) }).catch(() => undefined);
    if (!response) return;
    if (!(response.headers.get('content-type') ?? '').includes('html')) return void (await response.body?.cancel());
    pages.set(url, { url: response.url, html: await response.text() });
  };
  for (const path of fixturePaths()) await load(`${site.url}${path}`);
  for (const page of [...pages.values()]) {
    for (const link of extractLinks(parseHtml(page.html), page.url).slice(0, 200)) {
      if (link.startsWith(site.url) && !/hang|never-ends|slow|million/.test(link) && pages.size < 400) await load(link);
    }
  }
  return [...pages.values()];
}

/** What the DOM path gives a links-only page: the crawler's raw links, the links format and the metadata. */
function throughTheDom(page: Page, blockAds: boolean) {
  const options = resolveScrapeOptions({ formats: ['links'], onlyMainContent: false, blockAds });
  const document = buildHtmlDocument({ html: page.html, url: page.url, sourceURL: page.url, statusCode: 200 }, options);
  const { sourceURL: _s, url: _u, statusCode: _c, ...metadata } = document.metadata;
  return { pageLinks: extractLinks(parseHtml(page.html), page.url), contentLinks: document.links, metadata };
}

function streamed(page: Page, blockAds: boolean) {
  const result = streamPageLinks(page.html, page.url, { blockAds });
  return { pageLinks: result.pageLinks, contentLinks: result.contentLinks, metadata: metadataFromFacts(result.facts) };
}

describe('links read without a DOM', () => {
  it('gives the DOM path’s links and metadata on every fixture page, with and without blockAds', async () => {
    const pages = [
      ...(await fixturePages()),
      ...Object.values(pageTypeFixtures).map((fixture) => ({ url: `${site.url}${fixture.path}`, html: fixture.html })),
      ...Array.from({ length: 20 }, (_, index) => ({
        url: `${site.url}/synthetic/${index}`,
        html: syntheticPageHtml(index, { pages: 2000, seed: 7 }),
      })),
    ];
    expect(pages.length).toBeGreaterThan(60);
    for (const page of pages) {
      for (const blockAds of [true, false]) {
        expect({ url: page.url, blockAds, ...streamed(page, blockAds) }).toEqual({
          url: page.url,
          blockAds,
          ...throughTheDom(page, blockAds),
        });
      }
    }
  }, 120_000);

  it('reads the edge cases the DOM path settles: rootless pages, stray content, templates, ads by size, labels, base', () => {
    const cases = [
      'Before <p>text</p><a href="/one">one</a><template><a href="/hidden">h</a></template>',
      '<html lang=" fr "><head><title> A  title </title><base href="/sub/"><a href="head-link">x</a></head><a href="stray">s</a><body><div class="ad">Short ad <a href="/ad">ad</a></div><p>Body text here.</p><noscript><a href="/ns">n</a></noscript><svg><title>icon</title><a href="/svg">s</a></svg></body></html><p><a href="/after">after</a></p>',
      '<html><body><div class="ad"><a href="/big">This ad holds most of the page text, so it stays.</a></div><p>tiny</p></body></html>',
      '<html><body><p>Lots of article text that makes the page long enough.</p><span>Advertisement</span><a href="/label">Sponsored</a><div><script>x</script>Ad</div></body></html>',
      '<html><head><meta name="robots" content="noindex, NoFollow"><link rel="canonical" href="/c#x"><link rel="next" href="?page=2"><link rel="alternate" hreflang="de" href="/de/"></head><body><A HREF="/upper">u</A><a href=" ">blank</a><a href="mailto:x@y">m</a></body></html>',
      // Character references, which the stream decodes itself: in hrefs (legacy names without `;`
      // decode in text but not before `=` in an attribute), titles, meta content, base, split by
      // tags, in raw text (never decoded) and after `<textarea/>` (which opens no raw text).
      '<html><head><title>Fish &amp; Chips &mdash; caf&eacute; &#x27;s &#0; &amp</title><meta name="description" content="a &lt;b&gt; &quot;c&quot; &nbsp;d"><meta property="og:title" content="x&ampy &amp;z"><base href="/a&amp;b/"></head><body><a href="/q?a=1&amp;b=2&copy=3&copy;">q</a><a href="/p?x=&lt;&gt&notit;">p</a><area href="/m&#x2F;n">' +
        '<div class="ad">Ad &amp <a href="/ad&amp;x">x</a></div><p>Long text &amp; more text &#160; for the page &am<b>p;</b></p><textarea>&amp; raw &lt;</textarea><textarea/>&amp; after<xmp>&amp;</xmp><script>var a="&amp;"</script><style>a{content:"&amp;"}</style></body></html>',
      '<html><head><title>&lt;/title&gt; &AMP; &Amp; &#x1F600;</title></head><body><svg><title>&amp;</title></svg><div class="ad">&nbsp;Advertisement&nbsp;</div><a href="&#104;ttps://other.example/">o</a></body></html>',
      // A textarea's text counts decoded (10 characters, not 50), as the tree holds it: the ad holds little of the page's text and goes.
      `<html><body><div class="ad"><textarea>${'&amp;'.repeat(10)}</textarea><a href="/kept">x</a></div><p>Thirty characters of page text</p></body></html>`,
      '',
    ];
    for (const html of cases) {
      const page = { url: 'https://site.example/dir/page', html };
      for (const blockAds of [true, false]) expect(streamed(page, blockAds)).toEqual(throughTheDom(page, blockAds));
    }
    const hints = streamPageLinks(cases[4]!, 'https://site.example/dir/page', { blockAds: true });
    expect(hints).toMatchObject({
      canonical: 'https://site.example/c',
      next: 'https://site.example/dir/page?page=2',
      alternates: ['https://site.example/de/'],
      robots: ['noindex', 'nofollow'],
    });
  });
});

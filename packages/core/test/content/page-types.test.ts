import { harbourFurniture, pageTypeFixtures, startFixtureSite, type FixtureSite, type PageTypeFixture } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHtmlDocument } from '../../src/content/assembly/build-document.js';
import { parseHtml } from '../../src/content/dom/parse.js';
import { removeDuplicateBlocks } from '../../src/content/rules/duplicate-blocks.js';
import { copyPageHeading, findPageHeading } from '../../src/content/assembly/page-heading.js';
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
  qaThread: 'forum',
  boardThread: 'forum',
  product: 'product',
  marketplaceItem: 'product',
  grid: 'collection',
  listing: 'listing',
  sectionFront: 'listing',
  landing: 'service',
  docs: 'documentation',
  chapterDocs: 'documentation',
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

  it("writes a gallery's repeated alt text once", async () => {
    const markdown = await markdownOf(pageTypeFixtures.product);
    expect(markdown.match(/!\[Brass finish\]/g)).toHaveLength(1);
    expect(markdown.match(/!\[\]\([^)]*tide-clock-\d\.jpg\)/g)).toHaveLength(2);
  });

  it('reads a page declaring an article as an index when it holds many teasers and its URL names no post', () => {
    const teasers = Array.from(
      { length: 15 },
      (_, i) => `<article><h3><a href="/story-${i}">Story ${i}</a></h3><p>Summary ${i}.</p></article>`,
    );
    const page = (count: number) =>
      readPageSignals(
        parseHtml(
          `<html><head><meta property="og:type" content="article"></head><body><h1>Science</h1>${teasers.slice(0, count).join('')}</body></html>`,
        ),
      );
    expect(classifyPage('https://news.example/sections/science/', page(15))).toBe('listing');
    expect(classifyPage('https://news.example/', page(15))).toBe('listing');
    // A story's URL (a slug of four words, a date) keeps it an article whatever its related-story teasers.
    expect(classifyPage('https://news.example/science/why-the-tide-turns-early', page(15))).toBe('article');
    expect(classifyPage('https://news.example/2025/03/18/tides/', page(15))).toBe('article');
    // A few teasers are an article's related stories.
    expect(classifyPage('https://news.example/sections/science/', page(6))).toBe('article');
  });

  it("keeps a listing's teaser thumbnails without their alt text, and a product page's images with theirs", async () => {
    const listing = await markdownOf(pageTypeFixtures.listing);
    expect(listing.match(/!\[\]\([^)]*news-\d\.jpg\)/g)).toHaveLength(4);
    const product = await markdownOf(pageTypeFixtures.product);
    expect(product).toContain('![Brass finish]');
  });

  it('reads a page declaring a schema.org ItemList as a listing, and one declaring only a breadcrumb trail not', () => {
    const page = (type: string) =>
      readPageSignals(
        parseHtml(
          `<html><head><script type="application/ld+json">{"@context":"https://schema.org","@type":"${type}","itemListElement":[{"@type":"ListItem","position":1,"url":"https://charts.example/title/1"}]}</script></head><body><h1>Most popular films</h1><ol><li><a href="/title/1">The tide</a></li></ol></body></html>`,
        ),
      );
    expect(classifyPage('https://charts.example/chart/popular/', page('ItemList'))).toBe('listing');
    expect(classifyPage('https://charts.example/chart/popular/', page('BreadcrumbList'))).toBe('service');
  });

  it('reads a CollectionPage of posts as a listing, and one of products as a collection', () => {
    const page = (card: string) =>
      readPageSignals(
        parseHtml(
          `<html><head><script type="application/ld+json">{"@context":"https://schema.org","@type":"CollectionPage","name":"Science"}</script></head><body><h1>Science</h1>${card.repeat(8)}</body></html>`,
        ),
      );
    const post =
      '<div class="summary-item"><h3><a href="/story/why-the-tide-turns-early">Why the tide turns early</a></h3><p>By the science desk</p></div>';
    const product = '<div class="product-card"><a href="/products/tide-clock">Tide clock</a><span class="price">$120.00</span></div>';
    expect(classifyPage('https://news.example/category/science/', page(post))).toBe('listing');
    expect(classifyPage('https://news.example/category/science/', page(product))).toBe('collection');
  });

  it('reads a grid declared as schema.org SomeProducts as a collection, even under long buying-guide paragraphs', () => {
    const prose = `<p>${'Our carry-on luggage fits the overhead bins of most airlines and rolls quietly on four spinner wheels. '.repeat(3)}</p>`;
    const tile = '<div class="tile"><a href="/carry-on/1">Spinner carry-on</a></div>';
    const page = (itemType: string) =>
      readPageSignals(
        parseHtml(
          `<html><body><h1>Carry-on luggage</h1><div class="row product-grid" itemtype="http://schema.org/${itemType}" itemid="#product">${tile.repeat(6)}</div>${prose.repeat(6)}</body></html>`,
        ),
      );
    expect(classifyPage('https://shop.example/luggage-carry-on/', page('SomeProducts'))).toBe('collection');
    expect(classifyPage('https://shop.example/luggage-carry-on/', page('Thing'))).toBe('article');
  });

  it('reads a page saying og:type article with no paragraph text as a listing, and one with paragraphs as an article', () => {
    const page = (body: string) =>
      readPageSignals(
        parseHtml(`<html><head><meta property="og:type" content="article"></head><body><h1>Action</h1>${body}</body></html>`),
      );
    const tiles =
      '<div class="tab_item"><a href="/app/1"><div class="name">Tide runner</div><div class="tags">Action, Indie</div></a></div>';
    expect(classifyPage('https://store.example/genre/Action/', page(tiles.repeat(10)))).toBe('listing');
    expect(classifyPage('https://store.example/genre/Action/', page('<p>Why the tide turns early: a short story of the sea.</p>'))).toBe(
      'article',
    );
  });

  it('reads a grid of priced product cards as a collection whatever the URL, and a pricing table as no collection', () => {
    const cards = Array.from(
      { length: 12 },
      (_, i) =>
        `<li class="product-card"><a href="/chairs/${i}">Mesh chair ${i}</a><span class="price">$${400 + i}.00</span><span class="price">$${500 + i}.00</span></li>`,
    );
    const grid = readPageSignals(parseHtml(`<html><body><h1>Mesh chairs</h1><ul class="grid">${cards.join('')}</ul></body></html>`));
    expect(classifyPage('https://chairs.example/seating/mesh-chairs/', grid)).toBe('collection');
    const plans = Array.from(
      { length: 12 },
      (_, i) => `<div class="plan"><h3>Plan ${i}</h3><span class="price">$${10 + i}/month</span></div>`,
    );
    const pricing = readPageSignals(parseHtml(`<html><body><h1>Pricing</h1>${plans.join('')}</body></html>`));
    expect(classifyPage('https://app.example/pricing', pricing)).toBe('service');
  });

  it('reads a page declaring scores of products as a collection, unless its URL names one product', () => {
    const items = Array.from(
      { length: 24 },
      (_, i) => `{"@type":"Product","name":"Sneaker ${i}","offers":{"@type":"Offer","price":"${60 + i}"}}`,
    );
    const html = `<html><head><script type="application/ld+json">[${items.join(',')}]</script></head><body><h1>Sneakers</h1></body></html>`;
    const signals = readPageSignals(parseHtml(html));
    expect(signals.productItemCount).toBe(24);
    expect(classifyPage('https://shoes.example/women-sneakers', signals)).toBe('collection');
    expect(classifyPage('https://shoes.example/products/runner', signals)).toBe('product');
    const one = readPageSignals(
      parseHtml(`<html><head><script type="application/ld+json">${items[0]}</script></head><body></body></html>`),
    );
    expect(classifyPage('https://shoes.example/women-sneakers', one)).toBe('product');
  });

  it("drops an image's alt text that its link's own label repeats, and keeps one that says more", () => {
    const url = 'https://art.example/';
    const tiles = ['Oil paint', 'Watercolour paint', 'Brushes', 'Canvas'];
    const html = `<html><head><title>Art supplies</title></head><body><header><nav><a href="/">Art supplies</a></nav></header>
<main><h1>Art supplies</h1><p>Paints, brushes and surfaces for every studio, shipped from our warehouse by the harbour.</p>
<ul class="tiles">${tiles.map((name, i) => `<li><a href="/c/${i}"><img src="/img/tile-${i}.jpg" alt="${name}"> ${name}</a></li>`).join('')}</ul>
<a href="/sale"><img src="/img/sale.jpg" alt="Easels at half price until Sunday"> Sale</a></main></body></html>`;
    const markdown =
      buildHtmlDocument({ html, url, sourceURL: url, statusCode: 200 }, resolveScrapeOptions({ formats: ['markdown'] })).markdown ?? '';
    for (const [i, name] of tiles.entries()) {
      expect(markdown).toContain(`[![](https://art.example/img/tile-${i}.jpg) ${name}]`);
      expect(markdown).not.toContain(`![${name}]`);
    }
    expect(markdown).toContain('![Easels at half price until Sunday]');
  });

  it("drops an image's alt text that its small card's text repeats outside any link", () => {
    const url = 'https://harbour.example/team';
    const crew = ['Ada Quayle', 'Ben Tiller', 'Cora Mast'];
    const html = `<html><head><title>Our crew</title></head><body><main><h1>Our crew</h1><p>The pilots and deckhands who bring ships in, day and night, whatever the weather on the bar.</p>
${crew.map((name, i) => `<div class="member"><img src="/img/crew-${i}.jpg" alt="${name}"><h3>${name}</h3><p>Pilot since ${2010 + i}.</p></div>`).join('')}
<figure><img src="/img/quay.jpg" alt="The east quay at dawn"><figcaption>Our office.</figcaption></figure></main></body></html>`;
    const markdown =
      buildHtmlDocument({ html, url, sourceURL: url, statusCode: 200 }, resolveScrapeOptions({ formats: ['markdown'] })).markdown ?? '';
    for (const [i, name] of crew.entries()) {
      expect(markdown).toContain(`### ${name}`);
      expect(markdown).toContain(`![](https://harbour.example/img/crew-${i}.jpg)`);
    }
    expect(markdown).toContain('![The east quay at dawn]');
  });

  it("reads a Lemmy post's URL (/post/ and a number) as a thread, a blog's /post/slug not", () => {
    const signals = readPageSignals(parseHtml('<html><body><h1>Lemmy Development Update</h1><p>Here is our update.</p></body></html>'));
    expect(classifyPage('https://lemmy.example/post/21018364', signals)).toBe('forum');
    expect(classifyPage('https://blog.example/post/a-brief-intro-to-git', signals)).not.toBe('forum');
  });

  it("keeps a Vanilla thread's first post and comments, whose classes name the author's rank, and drops the rank", () => {
    const url = 'https://forum.example/discussion/39620/the-harbour-closes-early';
    const html = `<html><head><title>The harbour closes early</title></head><body><header><nav><a href="/">Forum home</a></nav></header>
<main class="Content MainContent"><div class="MessageList Discussion"><h1>The harbour closes early</h1>
<div class="Item ItemDiscussion Rank-Admin"><div class="Item-Header"><a href="/profile/linc">Linc</a> <span class="Rank MItem">Administrator</span></div>
<div class="Message userContent"><p>The harbour closes at noon on Friday for the regatta, and opens again on Saturday morning.</p></div></div>
<h2>Comments</h2><ul class="MessageList DataList Comments">
<li class="Item ItemComment Rank-Admin" id="Comment_1"><div class="Message userContent"><p>Thanks for the notice, we will moor early.</p></div></li>
<li class="Item ItemComment" id="Comment_2"><div class="Message userContent"><p>Will the fuel dock stay open?</p></div></li></ul></div></main>
<footer>Powered by the harbour forum</footer></body></html>`;
    const markdown =
      buildHtmlDocument({ html, url, sourceURL: url, statusCode: 200 }, resolveScrapeOptions({ formats: ['markdown'] })).markdown ?? '';
    expect(markdown).toContain('The harbour closes at noon on Friday');
    expect(markdown).toContain('Thanks for the notice');
    expect(markdown).toContain('Will the fuel dock stay open?');
    expect(markdown).not.toContain('Administrator');
  });

  it("keeps a docs page's code sample whose wrapper Readability's class words count against (scroll-mt-2)", () => {
    const url = 'https://docs.example/compose/networking/';
    const prose = (topic: string) =>
      `<p>Compose sets up a single network for your app by default, and each container for a service joins it, reachable by the others at a hostname that matches the container name. This section is about ${topic}, with the settings, the defaults and what changes when you override them.</p>`;
    const html = `<html><head><title>Networking in Compose</title></head><body><nav><a href="/">Docs home</a></nav>
<main><article class="prose"><h1>Networking in Compose</h1>${prose('the default network')}
<div class="group mt-2 scroll-mt-2 rounded"><div class="relative w-full"><div class="syntax-light not-prose"><pre><code class="language-yaml">services:
  web:
    build: .
  db:
    image: postgres:18</code></pre></div></div></div>
${prose('custom networks')}${prose('links between services')}</article></main>
<footer><p>Copyright the docs team, all rights reserved, everywhere.</p></footer></body></html>`;
    const markdown =
      buildHtmlDocument({ html, url, sourceURL: url, statusCode: 200 }, resolveScrapeOptions({ formats: ['markdown'] })).markdown ?? '';
    expect(markdown).toContain('```yaml');
    expect(markdown).toContain('image: postgres:18');
    expect(markdown).not.toContain('Copyright the docs team');
  });

  it("keeps an article's own blocks that its content system names widgets (ck-widget), not a sidebar's", () => {
    const url = 'https://garden.example/blog/plants-for-dark-rooms';
    const prose = (topic: string) =>
      `<p>Low light is the rule indoors in winter, and a few old favourites thrive in it without fuss. This part is about ${topic}, with how much water they want, where to put them and what to do when their leaves fade.</p>`;
    const plant = (name: string) =>
      `<div class="ck-widget row"><div class="col"><img src="/${name}.jpg" alt=""></div><div class="col"><h3>${name}</h3><p>The ${name} grows slowly in a dim corner and asks for water only when its soil is dry.</p></div></div>`;
    const html = `<html><head><title>Plants for dark rooms</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"BlogPosting","headline":"Plants for dark rooms"}</script></head>
<body><nav><a href="/">Home</a></nav><main><article><h1>Plants for dark rooms</h1>${prose('the light a room gets')}${prose('the plants below')}
${plant('Cast-iron plant')}${plant('Snake plant')}${plant('Spider plant')}${plant('ZZ plant')}${prose('what to do next')}</article></main>
<aside><div class="widget"><h3>Latest posts</h3><p><a href="/blog/a">A post about spring bulbs and when to plant them</a></p></div></aside>
<footer><p>Copyright the garden club, all rights reserved, everywhere.</p></footer></body></html>`;
    const markdown =
      buildHtmlDocument({ html, url, sourceURL: url, statusCode: 200 }, resolveScrapeOptions({ formats: ['markdown'] })).markdown ?? '';
    expect(markdown).toContain('### Snake plant');
    expect(markdown).toContain('The ZZ plant grows slowly in a dim corner');
    expect(markdown).not.toContain('Latest posts');
  });

  it('keeps the part of a Drupal article inside a node promoted to the front page (node--promoted)', () => {
    const url = 'https://bakery.example/recipes/everyday-sourdough-bread';
    const step = (name: string) =>
      `<div class="field"><p>${name}: fold the dough from the edge of the bowl toward the centre, turn the bowl a quarter and fold again, then cover it, leave it to rest and come back later.</p></div>`;
    const html = `<html><head><title>Everyday sourdough</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Article","headline":"Everyday sourdough"}</script></head>
<body><nav><a href="/">Home</a></nav><main><h1>Everyday sourdough</h1>
<div class="intro"><p>This bread is tangy and forgiving, with no feeding the starter, no kneading and no shaping, only mixing, waiting and baking the loaf in a tin, with a crisp top and a moist, chewy inside.</p>
<p>Prep 10 mins, bake 45 to 55 mins, rest overnight, and the dough, once it has risen in its tin, needs nothing from you but an oven, heated well, and an hour.</p>
<p>It keeps four days wrapped at room temperature, longer in the freezer, and it makes the best toast of any bread we bake, with butter or with honey, warm or cold.</p></div>
<div class="node node--type-recipe node--promoted">${step('Step one')}${step('Step two')}</div></main>
<footer><p>Copyright the bakery, all rights reserved, everywhere.</p></footer></body></html>`;
    const markdown =
      buildHtmlDocument({ html, url, sourceURL: url, statusCode: 200 }, resolveScrapeOptions({ formats: ['markdown'] })).markdown ?? '';
    expect(markdown).toContain('This bread is tangy and forgiving');
    expect(markdown).toContain('Step one: fold the dough');
    expect(markdown).toContain('Step two: fold the dough');
    expect(markdown).not.toContain('Copyright the bakery');
  });

  it("keeps a docs page's headings whose class holds a word Readability drops blocks by (rustdoc's code-header, section-header)", () => {
    const url = 'https://docs.example/std/tide/struct.Tide.html';
    const method = (name: string) =>
      `<section id="method.${name}" class="method"><h4 class="code-header">pub fn ${name}(&amp;self) -&gt; Height</h4></section>
<div class="docblock"><p>Returns the height of the water at the ${name} of the tide, measured from chart datum at the harbour's gauge, in metres and to the nearest centimetre.</p></div>`;
    const html = `<html><head><title>Tide in std::tide</title></head><body><nav class="sidebar"><a href="/std">Crate std</a></nav>
<main><section id="main-content" class="content"><h1>Struct Tide</h1><div class="docblock"><p>A tide at one harbour: the water's rise and fall over a day, read from the harbour's gauge and its tables.</p></div>
<h2 id="implementations" class="section-header">Implementations</h2>${method('high_water')}${method('low_water')}${method('half_tide')}</section></main>
<footer><p>Copyright the docs team, all rights reserved, everywhere.</p></footer></body></html>`;
    const markdown =
      buildHtmlDocument({ html, url, sourceURL: url, statusCode: 200 }, resolveScrapeOptions({ formats: ['markdown'] })).markdown ?? '';
    expect(markdown).toContain('## Implementations');
    // One text node per run of text (the parser joins what character references split), so the
    // `>` is mid-line, where Markdown needs no escape.
    expect(markdown).toContain('#### pub fn high\\_water(&self) -> Height');
    expect(markdown).toContain('#### pub fn half\\_tide(&self) -> Height');
    expect(markdown).toContain('Returns the height of the water at the low\\_water');
    expect(markdown).not.toContain('Copyright the docs team');
  });

  it("drops a docs page's heading button, its items' version and source links and its keyboard-shortcuts popup", () => {
    const url = 'https://docs.example/std/tide/enum.Water.html';
    const variant = (name: string) =>
      `<section class="variant"><span class="since rightside">Since 1.0.0 · <a class="src" href="/src/tide.rs">Source</a></span><h3 class="code-header">${name}</h3></section>
<div class="docblock"><p>The water is ${name.toLowerCase()}: the harbour's gauge reads it every ten minutes and the tables give it a day ahead, to the nearest centimetre of chart datum.</p></div>`;
    const html = `<html><head><title>Water in std::tide</title></head><body>
<div id="help-container"><div class="help-popup"><h2 class="help-title">Keyboard shortcuts</h2><p>Press ? to show this help</p><p>Press Esc to hide this help</p></div></div>
<main><section id="main-content" class="content"><h1>Enum Water<button id="copy-path" title="Copy item path to clipboard">Copy item path</button></h1>
<h2 class="section-header">Variants</h2>${variant('High')}${variant('Low')}${variant('Slack')}</section></main></body></html>`;
    const markdown =
      buildHtmlDocument({ html, url, sourceURL: url, statusCode: 200 }, resolveScrapeOptions({ formats: ['markdown'] })).markdown ?? '';
    expect(markdown.split('\n').filter((line) => line.startsWith('# '))).toEqual(['# Enum Water']);
    expect(markdown).toContain('The water is slack');
    expect(markdown).not.toContain('Copy item path');
    expect(markdown).not.toContain('Since 1.0.0');
    expect(markdown).not.toContain('Keyboard shortcuts');
    expect(markdown).not.toContain('Press Esc');
  });

  it("reads an mdBook chapter: its headings (self-anchor links named header, read as plain headings), without the book's name as H1 or the sample's hidden lines", () => {
    const url = 'https://harbour.example/docs/book/ch03-tides.html';
    const prose = (topic: string) =>
      `<p>The tide tables give the height of the water at every harbour on the coast, a day ahead and to the nearest centimetre of chart datum. This part is about ${topic}, and what a harbour master reads from it.</p>`;
    const html = `<html><head><title>Chapter 3 - The Harbour Book</title></head><body>
<div id="menu-bar" class="menu-bar"><h1 class="menu-title">The Harbour Book</h1></div>
<div id="content" class="content"><main>
<h2 id="tides-and-gauges"><a class="header" href="#tides-and-gauges">Tides and gauges</a></h2>${prose('high water')}
<h3 id="reading-the-gauge"><a class="header" href="#reading-the-gauge">Reading the gauge</a></h3>${prose('the gauge')}
<pre><code class="language-rust"><span class="boring">#![allow(unused)]
</span><span class="boring">fn main() {
</span>let height = gauge.read();
<span class="boring">}
</span></code></pre>${prose('low water')}</main></div></body></html>`;
    const markdown =
      buildHtmlDocument({ html, url, sourceURL: url, statusCode: 200 }, resolveScrapeOptions({ formats: ['markdown'] })).markdown ?? '';
    expect(markdown).toMatch(/^## Tides and gauges\n/);
    expect(markdown).toMatch(/^### Reading the gauge$/m);
    expect(markdown).toContain('let height = gauge.read();');
    expect(markdown).not.toContain('fn main');
    expect(markdown).not.toContain('allow(unused)');
    expect(markdown).not.toContain('The Harbour Book');
  });

  it("keeps a docs page's introduction that sits in the H1's block beside the body Readability picks (MDN's layout)", () => {
    const url = 'https://docs.example/en-US/docs/Web/API/Tide_API/Using_Tides';
    const section = (topic: string) =>
      `<section><h2 id="${topic.replace(/ /g, '_')}">${topic}</h2><p>The tide API reads the harbour's gauge and its tables and returns the height of the water, a day ahead and to the nearest centimetre of chart datum. This section is about ${topic}, with the options it takes and what it returns.</p><p>Every call returns a promise that settles once the gauge has answered, so a page can ask for the water at several harbours at once and show them as they come in, ${topic} included.</p></section>`;
    const html = `<html><head><title>Using the Tide API - Web APIs</title></head><body><header><nav><a href="/">Docs home</a></nav></header>
<main id="content"><div class="layout__header reference-layout__header"><h1>Using the Tide API</h1><section><p>The Tide API provides a JavaScript interface for reading the height of the water at a harbour and the times of high and low water.</p></section></div>
<aside class="toc"><h2>In this article</h2><ul><li><a href="#Making_a_request">Making a request</a></li></ul></aside>
<div class="layout__body">${section('Making a request')}${section('Reading the gauge')}${section('Handling errors')}${section('Cancelling a request')}</div></main>
<footer><p>Copyright the docs team, all rights reserved, everywhere.</p></footer></body></html>`;
    const markdown =
      buildHtmlDocument({ html, url, sourceURL: url, statusCode: 200 }, resolveScrapeOptions({ formats: ['markdown'] })).markdown ?? '';
    const intro = markdown.indexOf('The Tide API provides a JavaScript interface');
    expect(markdown.startsWith('# Using the Tide API')).toBe(true);
    expect(intro).toBeGreaterThan(0);
    expect(intro).toBeLessThan(markdown.indexOf('Making a request'));
    expect(markdown.split('The Tide API provides').length - 1).toBe(1);
    expect(markdown).toContain('This section is about Cancelling a request');
    expect(markdown).not.toContain('Copyright the docs team');
  });

  it("keeps a docs page's sections whose ids, made of their headings' words, hold furniture words (respond-to-review-comments)", () => {
    const url = 'https://docs.example/process/submitting-patches.html';
    const prose = (topic: string) =>
      `<p>A patch to the harbour's tide tables goes to the list with its changelog, a sign-off and the maintainers in copy. This part is about ${topic}, what reviewers look for and how long a patch waits before anyone answers it.</p>`;
    const section = (id: string, title: string) =>
      `<section id="${id}"><h2>${title}<a class="headerlink" href="#${id}">¶</a></h2>${prose(title.toLowerCase())}${prose(`the mailing list, for ${id}`)}</section>`;
    const html = `<html><head><title>Submitting patches</title></head><body><nav class="wy-nav-side"><a href="/">Docs home</a></nav>
<div role="main" class="document"><h1>Submitting patches</h1>${prose('the process')}
${section('describe-your-changes', 'Describe your changes')}${section('respond-to-review-comments', 'Respond to review comments')}${section('sharing-patches-in-a-series', 'Sharing patches in a series')}${section('sign-your-work', 'Sign your work')}
<div id="comments"><h2>Leave a reply</h2><p>Comments on this page are read by the docs team once a week.</p></div></div>
<footer><p>Copyright the docs team, all rights reserved, everywhere.</p></footer></body></html>`;
    const markdown =
      buildHtmlDocument({ html, url, sourceURL: url, statusCode: 200 }, resolveScrapeOptions({ formats: ['markdown'] })).markdown ?? '';
    expect(markdown).toContain('## Respond to review comments');
    expect(markdown).toContain('This part is about respond to review comments');
    expect(markdown).toContain('## Sharing patches in a series');
    expect(markdown).toContain('This part is about sign your work');
    expect(markdown).not.toContain('Comments on this page');
    expect(markdown).not.toContain('Copyright the docs team');
  });

  it('drops a keyboard-shortcuts help popup on a page not read as docs (an mdBook book at a plain URL)', () => {
    const url = 'https://harbour.example/tides/01_introduction.html';
    const prose = (n: number) =>
      `<p>Paragraph ${n} of the introduction: the book teaches the tides from first principles, from the moon's pull on the sea to the tables a harbour master reads every morning before the first ship comes in.</p>`;
    const html = `<html><head><title>Introduction - The Tide Book</title></head><body>
<div id="mdbook-help-container"><div id="mdbook-help-popup"><h2 class="mdbook-help-title">Keyboard shortcuts</h2><div><p>Press ← or → to navigate between chapters</p><p>Press ? to show this help</p><p>Press Esc to hide this help</p></div></div></div>
<div id="mdbook-body-container"><div class="page"><h1 id="introduction"><a class="header" href="#introduction">Introduction</a></h1>${[1, 2].map(prose).join('')}</div></div></body></html>`;
    const markdown =
      buildHtmlDocument({ html, url, sourceURL: url, statusCode: 200 }, resolveScrapeOptions({ formats: ['markdown'] })).markdown ?? '';
    expect(markdown).toContain('Paragraph 2 of the introduction');
    expect(markdown).not.toContain('Keyboard shortcuts');
    expect(markdown).not.toContain('Press Esc');
  });

  it("keeps a docs page's link to the previous or next page inside a sentence, and drops one standing alone", () => {
    const url = 'https://docs.example/learn/tides/promises';
    const prose = (topic: string) =>
      `<p>A tide reading arrives later than the call that asks for it, so the API hands back a promise of it at once. This part is about ${topic}, with the methods a promise offers and what they return.</p>`;
    const html = `<html><head><title>Tide promises</title></head><body><nav><a href="/">Docs home</a></nav>
<main><h1>Tide promises</h1><p>In the <a href="/learn/tides/callbacks">previous article</a>, we talked about callbacks and the gauge.</p>
${prose('chaining')}${prose('errors')}${prose('async and await')}
<ul class="prev-next-links"><li><a href="/learn/tides/callbacks">Previous</a></li></ul><p><a href="/learn/tides/workers">Next: Workers</a></p></main>
<footer><p>Copyright the docs team, all rights reserved, everywhere.</p></footer></body></html>`;
    const markdown =
      buildHtmlDocument({ html, url, sourceURL: url, statusCode: 200 }, resolveScrapeOptions({ formats: ['markdown'] })).markdown ?? '';
    expect(markdown).toContain('In the [previous article](https://docs.example/learn/tides/callbacks), we talked about callbacks');
    expect(markdown).not.toContain('Next: Workers');
    expect(markdown).not.toContain('[Previous]');
  });

  it("copies a page's H1 without its buttons' text, which the Markdown never writes", () => {
    const document = parseHtml(
      '<html><body><main><h1>Enum Water <button title="Copy item path to clipboard">Copy item path</button></h1></main></body></html>',
    );
    expect(copyPageHeading(findPageHeading(document.body))?.textContent).toBe('Enum Water');
  });

  it("keeps a highlighted code sample's comments and keywords, whose token classes name comments and controls", () => {
    const url = 'https://docs.example/guides/berths-in-sql';
    const prose = (topic: string) =>
      `<p>The harbour keeps its berths in one table, with a row for every berth and its length, draught and the ship booked in it. This part is about ${topic}, with the columns it reads and what the query returns.</p>`;
    const html = `<html><head><title>Berths in SQL</title></head><body><nav><a href="/">Docs home</a></nav>
<main><h1>Berths in SQL</h1>${prose('free berths')}
<pre><code class="language-sql"><span class="token comment">-- every free berth, longest first</span>
<span class="token keyword">select</span> <span class="token operator">*</span> <span class="token keyword">from</span> berths
<span class="token keyword">where</span> ship <span class="token keyword">is</span> <span class="token keyword">null</span> <span class="token keyword">order</span> <span class="token keyword">by</span> length <span class="token keyword">desc</span><span class="token punctuation">;</span></code></pre>
${prose('booked berths')}${prose('berth sizes')}</main>
<footer><p>Copyright the docs team, all rights reserved, everywhere.</p></footer></body></html>`;
    const markdown =
      buildHtmlDocument({ html, url, sourceURL: url, statusCode: 200 }, resolveScrapeOptions({ formats: ['markdown'] })).markdown ?? '';
    expect(markdown).toContain('-- every free berth, longest first\nselect * from berths');
    expect(markdown).not.toContain('Copyright the docs team');
  });

  it("adds a product's JSON-LD description when the page hides it, and not when it shows it", () => {
    const url = 'https://shop.example/products/tide-clock';
    const description = 'A brass tide clock that shows high and low water for any harbour on the Atlantic coast.';
    const page = (shown: string) => `<html><head><title>Tide clock</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Tide clock","description":"${description.replace('brass', '<b>brass</b>')}"}</script></head>
<body><header><nav><a href="/">Harbour shop</a></nav></header><main><h1>Tide clock</h1><p>$120.00</p>${shown}
<div class="product-details" hidden><p>${description}</p></div></main><footer>Harbour shop, all rights reserved.</footer></body></html>`;
    const markdownOf = (html: string) =>
      buildHtmlDocument({ html, url, sourceURL: url, statusCode: 200 }, resolveScrapeOptions({ formats: ['markdown'] })).markdown ?? '';
    const hidden = markdownOf(page(''));
    expect(hidden).toContain(description);
    expect(hidden).not.toContain('<b>');
    expect(hidden).not.toContain('all rights reserved');
    const shown = markdownOf(page(`<p>${description}</p>`));
    expect(shown.split(description).length - 1).toBe(1);
  });

  it('drops a footer, a menu and a sidebar named by a class word (footer_new, nav_wrapper, l-sidebar-wrap) inside the content area of a short page', () => {
    const url = 'https://harbour.example/berth-bookings';
    const html = `<html><head><title>Berth bookings</title></head><body><div class="page-wrapper">
<h1>Berth bookings</h1><p>Book a berth by phone or online, up to a year ahead.</p>
<div class="nav_wrapper"><ul><li><a href="/pricing">Menu: Pricing</a></li><li><a href="/about">About us</a></li></ul></div>
<div class="l-sidebar-wrap"><p>Sidebar: opening hours of the harbour office</p></div>
<div class="footer_new"><p>Footer menu: Company, Careers, Policies</p></div></div></body></html>`;
    const markdown =
      buildHtmlDocument({ html, url, sourceURL: url, statusCode: 200 }, resolveScrapeOptions({ formats: ['markdown'] })).markdown ?? '';
    expect(markdown).toContain('Book a berth by phone or online');
    expect(markdown).not.toContain('Footer menu');
    expect(markdown).not.toContain('Menu: Pricing');
    expect(markdown).not.toContain('Sidebar: opening hours');
  });

  it("drops the alt text of a product grid's photos on a page no URL or schema names a shop's, and keeps other cards' alts", () => {
    const url = 'https://harbour.example/standing-desks/';
    const desks = ['Pilot desk', 'Chart desk', 'Bridge desk', 'Cabin desk'];
    const html = `<html><head><title>Standing desks</title></head><body><header><nav><a href="/">Harbour desks</a></nav></header>
<main><h1>Standing desks</h1><p>Desks for the harbour office, built to stand a long watch at the chart table.</p>
<div class="desk-grid">${desks.map((name, i) => `<div class="tile"><a href="/desk-${i}"><img src="/img/desk-${i}.jpg" alt="A walnut ${name.toLowerCase()} raised to standing height"></a><a href="/desk-${i}">${name}</a><span>$${599 + i * 100}+</span></div>`).join('')}</div>
<h2>Our partners</h2><div class="partners">${[1, 2, 3, 4].map((yard) => `<div class="partner"><a href="/partner-${yard}"><img src="/img/partner-${yard}.png" alt="Partner yard ${yard}"></a><a href="/partner-${yard}">Yard ${yard}</a></div>`).join('')}</div>
</main><footer>Harbour desks, all rights reserved.</footer></body></html>`;
    const markdown =
      buildHtmlDocument({ html, url, sourceURL: url, statusCode: 200 }, resolveScrapeOptions({ formats: ['markdown'] })).markdown ?? '';
    for (const [i, name] of desks.entries()) {
      expect(markdown).toContain(`[${name}]`);
      expect(markdown).toContain(`$${599 + i * 100}+`);
      expect(markdown).toContain(`desk-${i}.jpg`);
      expect(markdown).toContain(`![Partner yard ${i + 1}]`);
    }
    expect(markdown).not.toContain('raised to standing height');
  });

  it("drops the alt text of a collection's product photos on cards of mixed shapes, which no grid of alike cards finds", () => {
    const url = 'https://harbour.example/collections/lamps';
    const lamps = ['Storm lamp', 'Deck lamp', 'Cabin lamp', 'Mast lamp'];
    // Featured and plain tiles alternate: no run of alike siblings, so the grid rule misses them.
    const tiles = lamps.map(
      (name, i) =>
        `<div class="${i % 2 ? 'tile' : 'tile tile--featured'}"><a href="/products/lamp-${i}"><img src="/img/lamp-${i}.jpg" alt="A brass ${name.toLowerCase()} glowing on a dark shelf"></a><a href="/products/lamp-${i}">${name}</a><span class="price">$${80 + i * 10}.00</span><button>Add to cart</button></div>`,
    );
    const html = `<html><head><title>Lamps</title></head><body><header><nav><a href="/">Harbour lamps</a></nav></header>
<main><h1>Lamps</h1><p>Lamps for the harbour office and the cabin, in brass and copper, wired for the mains or for oil.</p>
<div class="products">${tiles.join('')}<div class="promo"><a href="/sale">Winter sale</a></div></div></main><footer>Harbour lamps, all rights reserved.</footer></body></html>`;
    const markdown =
      buildHtmlDocument({ html, url, sourceURL: url, statusCode: 200 }, resolveScrapeOptions({ formats: ['markdown'] })).markdown ?? '';
    for (const [i, name] of lamps.entries()) {
      expect(markdown).toContain(`[${name}]`);
      expect(markdown).toContain(`lamp-${i}.jpg`);
    }
    expect(markdown).not.toContain('glowing on a dark shelf');
  });

  it('keeps the results a search widget wraps in its form (Algolia InstantSearch), and drops a search box', () => {
    const url = 'https://harbour.example/Parts';
    const parts = ['Mast cleat', 'Deck hinge', 'Cabin latch', 'Hatch seal', 'Bilge pump', 'Rudder pin'];
    const cards = parts.map(
      (name, i) =>
        `<article class="card"><a href="/products/part-${i}"><h3>${name}</h3></a><span class="price">$${20 + i}.99</span></article>`,
    );
    const html = `<html><head><title>All parts</title></head><body><header><form action="/search"><input type="search" name="q"><button>Search the shop</button></form></header>
<main><h1>All parts</h1><p>Replacement parts for every boat we have ever built, tested and guaranteed for the life of the boat.</p>
<form id="algolia-form"><input type="search" placeholder="Search parts"><div class="grid">${cards.join('')}</div></form></main>
<footer>Harbour parts, all rights reserved.</footer></body></html>`;
    const markdown =
      buildHtmlDocument({ html, url, sourceURL: url, statusCode: 200 }, resolveScrapeOptions({ formats: ['markdown'] })).markdown ?? '';
    for (const name of parts) expect(markdown).toContain(name);
    expect(markdown).toContain('$25.99');
    expect(markdown).not.toContain('Search the shop');
  });

  it("drops the merchandising badges on a grid's product cards (Top Rated, Best Seller, Just In), and keeps a section heading of such words", () => {
    const markdownAt = (url: string, html: string) =>
      buildHtmlDocument({ html, url, sourceURL: url, statusCode: 200 }, resolveScrapeOptions({ formats: ['markdown'] })).markdown ?? '';
    const badges = ['Top Rated', 'Best Seller', 'Just In', 'Award Winner'];
    const cards = badges
      .map(
        (badge, i) =>
          `<li class="card"><div class="flag"><span>${badge}</span></div><a href="/product/${i}">Trail boot ${i}</a><span class="price">$${120 + i}.00</span></li>`,
      )
      .join('');
    const page = (h1: string) =>
      `<html><head><title>${h1}</title></head><body><main><h1>${h1}</h1><p>Boots for the hill and the harbour wall, resoled in our own workshop.</p><h2>New arrivals</h2><ul class="grid">${cards}</ul></main></body></html>`;
    // A category page, and one whose URL and markup name no shop (read as a landing page).
    for (const markdown of [
      markdownAt('https://boots.example/collections/trail', page('Trail boots')),
      markdownAt('https://boots.example/hill/', page('Hill boots')),
    ]) {
      for (let i = 0; i < badges.length; i++) expect(markdown).toContain(`[Trail boot ${i}]`);
      for (const badge of badges) expect(markdown).not.toContain(badge);
      expect(markdown).toContain('## New arrivals');
    }
  });

  it("separates a card's brand and name written as two spans with nothing between them, and leaves code alone", () => {
    const url = 'https://boots.example/c/hiking-boots';
    const cards = ['Moab 3', 'Targhee IV', 'Kaha 3']
      .map(
        (name, i) =>
          `<li class="card"><a href="/product/${i}"><span class="brand">Merrell</span><span class="title">${name} Hiking Boots</span></a><span class="price">$${150 + i}.00</span></li>`,
      )
      .join('');
    const html = `<html><head><title>Hiking boots</title></head><body><main><h1>Hiking boots</h1><p>Boots for the hill, the moor and the harbour wall, fitted in the shop.</p><ul class="grid">${cards}</ul><p>Lace them with <code><span>lace</span><span>Tight</span>()</code> in the fitting app.</p></main></body></html>`;
    const markdown =
      buildHtmlDocument({ html, url, sourceURL: url, statusCode: 200 }, resolveScrapeOptions({ formats: ['markdown'] })).markdown ?? '';
    expect(markdown).toContain('Merrell Moab 3 Hiking Boots');
    expect(markdown).toContain('Merrell Targhee IV Hiking Boots');
    expect(markdown).not.toContain('MerrellMoab');
    expect(markdown).toContain('laceTight()');
  });

  it("drops the text above a product's name (promo bar, breadcrumbs, help line) and keeps its gallery, brand and price", () => {
    const url = 'https://lamps.example/products/tide-lamp';
    const html = `<html><head><title>Tide lamp</title></head><body><main><div class="product">
<div class="promo-strip"><p>Free shipping on orders over $50 this week only</p></div>
<ol class="crumbs"><li><a href="/">Home</a></li><li><a href="/lamps">Lamps</a></li></ol>
<div class="gallery"><img src="/img/tide-1.jpg" alt="Tide lamp in brass"><span class="zoom">Click to zoom</span></div>
<div class="info"><p>Need help choosing? Call our lighting desk</p><a class="brand" href="/brands/harbour">Harbour</a><span class="price">$129.00</span>
<h1>Harbour Tide lamp</h1><p>A brass desk lamp whose shade turns with the tide of the harbour wall, wired in our workshop.</p></div>
</div></main></body></html>`;
    const markdown =
      buildHtmlDocument({ html, url, sourceURL: url, statusCode: 200 }, resolveScrapeOptions({ formats: ['markdown'] })).markdown ?? '';
    for (const dropped of ['Free shipping', 'Lamps', 'Click to zoom', 'Need help choosing']) expect(markdown).not.toContain(dropped);
    for (const kept of ['![Tide lamp in brass]', '[Harbour]', '$129.00', '# Harbour Tide lamp', 'A brass desk lamp'])
      expect(markdown).toContain(kept);
  });

  it("drops a shop theme's price labels and card controls (Regular price, Compare, Quick view, Add to wishlist), and keeps the prices", () => {
    const url = 'https://lamps.example/collections/desk-lamps';
    const cards = ['Tide lamp', 'Quay lamp', 'Buoy lamp']
      .map(
        (name, i) =>
          `<li class="product-card"><a href="/products/${i}">${name}</a><div class="price"><span class="visually-hidden visually-hidden--inline">Regular price</span><span>$${80 + i}.00</span><span class="visually-hidden">Unit price</span><span aria-hidden="true">/</span><span class="visually-hidden">per</span></div><button>Quick view</button><label><input type="checkbox">Compare</label><a href="/wishlist/add/${i}">Add to wishlist</a><button class="add-to-cart">Add to cart</button></li>`,
      )
      .join('');
    const html = `<html><head><title>Desk lamps</title></head><body><main><h1>Desk lamps</h1><p>Brass and oak lamps for the harbour office, wired in our workshop.</p><ul class="grid">${cards}</ul><div class="cart-drawer"><p>Your cart is empty</p></div></main></body></html>`;
    const markdown =
      buildHtmlDocument({ html, url, sourceURL: url, statusCode: 200 }, resolveScrapeOptions({ formats: ['markdown'] })).markdown ?? '';
    for (const kept of ['[Tide lamp]', '$80.00', '$82.00']) expect(markdown).toContain(kept);
    for (const dropped of ['Regular price', 'Unit price', '/per', 'Quick view', 'Compare', 'wishlist', 'cart is empty']) {
      expect(markdown).not.toContain(dropped);
    }
  });

  it("drops a shop's free-shipping threshold banner on a product page, and keeps a plain free-shipping line", () => {
    const url = 'https://lamps.example/products/tide-lamp';
    const html = `<html><head><title>Tide lamp</title></head><body><main><div class="product">
<h1>Tide lamp</h1><span class="price">$129.00</span><div class="perks"><p>Free shipping on orders over $75</p></div>
<p>A brass desk lamp whose shade turns with the tide of the harbour wall, wired in our workshop.</p><ul><li>Free shipping</li><li>Two-year warranty</li></ul>
</div></main></body></html>`;
    const markdown =
      buildHtmlDocument({ html, url, sourceURL: url, statusCode: 200 }, resolveScrapeOptions({ formats: ['markdown'] })).markdown ?? '';
    expect(markdown).not.toContain('orders over $75');
    for (const kept of ['$129.00', 'A brass desk lamp', '-   Free shipping', 'Two-year warranty']) expect(markdown).toContain(kept);
  });

  it('keeps every post of a thread, in order, with its author', async () => {
    const markdown = await markdownOf(pageTypeFixtures.forumThread);
    const positions = pageTypeFixtures.forumThread.keeps.filter((_, i) => i % 2 === 0).map((text) => markdown.indexOf(text));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });
});

describe('cleaning the detached copy the region reading works on', () => {
  it('removes a block its desktop and mobile layouts repeat (isConnected is false everywhere in a copy)', () => {
    const offer = '<p class="offer">Winter berths are half price from November to March for every hull.</p>';
    const document = parseHtml(
      `<html><body><main><h1>Harbour berths</h1><div class="desktop-only">${offer}<a href="/book">Book a winter berth</a></div><div class="mobile-only">${offer}<a href="/book">Book now</a></div></main></body></html>`,
    );
    const copy = document.body.cloneNode(true) as Element;
    removeDuplicateBlocks(copy);
    expect(copy.textContent!.split('Winter berths are half price').length - 1).toBe(1);
    expect(copy.textContent).toContain('Book now');
  });
});

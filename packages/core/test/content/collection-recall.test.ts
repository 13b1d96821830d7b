import { describe, expect, it } from 'vitest';
import { buildHtmlDocument } from '../../src/content/assembly/build-document.js';
import { resolveScrapeOptions } from '../../src/options.js';

function markdownOf(html: string, url: string): string {
  return buildHtmlDocument({ html, url, sourceURL: url, statusCode: 200 }, resolveScrapeOptions({ formats: ['markdown'] })).markdown ?? '';
}

describe('content a category or topic page keeps whatever its markup calls it', () => {
  it("keeps a teaser card's header (its title and summary) on a river of articles, and drops the page's banner", () => {
    const url = 'https://news.example/topic/headphones';
    const teaser = (n: number) =>
      `<article class="river-article"><a href="/articles/${n}"><img src="/${n}.jpg" alt=""></a>
<header><h2><a href="/articles/${n}">Story ${n} about a new pair of headphones</a></h2>
<p class="river-desc">Summary ${n}: the maker has added new colours and a longer battery life to its best-selling over-ear model this autumn.</p></header></article>`;
    const html = `<html><head><title>headphones</title></head><body>
<header class="site-banner"><a href="/">The Harbour News</a><p>Sign in to read every story of the day without limits.</p></header>
<main><h1>headphones</h1><section>${[1, 2, 3, 4].map(teaser).join('\n')}</section></main>
<footer><p>Copyright the news team, all rights reserved, everywhere.</p></footer></body></html>`;
    const markdown = markdownOf(html, url);
    expect(markdown).toContain('Story 1 about a new pair of headphones');
    expect(markdown).toContain('Summary 4: the maker has added new colours');
    expect(markdown).not.toContain('Sign in to read every story');
    expect(markdown).not.toContain('Copyright the news team');
  });

  it("drops a lone article's header when the page is read without Readability's pick", () => {
    const url = 'https://news.example/contact';
    const html = `<html><head><title>Contact</title></head><body><main><article>
<header><h2>Contact us</h2><p>By the news team</p></header><p>Write to the harbour office.</p></article></main></body></html>`;
    expect(markdownOf(html, url)).not.toContain('By the news team');
  });

  it('keeps a block named as a filter or facet that holds prose (an FAQ row), and drops a real filter panel', () => {
    const url = 'https://shop.example/home/sewing/beginner-machines';
    const faq = (n: number) =>
      `<div class="facet-row-container"><div class="expandable-section filters"><h5>Question ${n} about a first sewing machine?</h5>
<div class="expandable-body"><p>Answer ${n}: when you look for a first sewing machine, think of ease of use, speed and cost; a mechanical machine with an automatic needle threader gets you sewing in no time, and a computerized one adds stitches.</p></div></div></div>`;
    const html = `<html><head><title>Beginner sewing machines</title></head><body>
<main><h1>Beginner sewing machines</h1><p>So you are ready to start sewing: clothes, home decor and gifts. Read on for the answers to your questions.</p>
<div class="filters"><ul><li><label><input type="checkbox"> Mechanical (12)</label></li><li><label><input type="checkbox"> Computerized (9)</label></li></ul></div>
${[1, 2, 3].map(faq).join('\n')}</main>
<footer><p>Copyright the sewing shop, all rights reserved, everywhere.</p></footer></body></html>`;
    const markdown = markdownOf(html, url);
    expect(markdown).toContain('Answer 1: when you look for a first sewing machine');
    expect(markdown).toContain('Answer 3: when you look for a first sewing machine');
    expect(markdown).not.toContain('Mechanical (12)');
  });

  it("keeps a category page's product cards whose class carries an aside's word (subscription-eligible), and drops a lone newsletter box", () => {
    const url = 'https://coffee.example/collections/coffee';
    const card = (name: string, eligible: boolean) =>
      `<li class="grid__item"><div class="card-wrapper product-card${eligible ? ' subscription-eligible' : ''}"><a href="/products/${name.toLowerCase().replace(/ /g, '-')}">${name}</a><span class="price">$19.99</span></div></li>`;
    const names = [
      'Dark Roast Coffee',
      'Medium Roast Coffee',
      'Light Roast Coffee',
      'Espresso Roast Coffee',
      'Vanilla Coffee',
      'Mocha Latte',
    ];
    const html = `<html><head><title>Coffee</title></head><body>
<main><h1>Coffee</h1><ul class="product-grid">${names.map((name, index) => card(name, index !== 2)).join('')}</ul>
<div class="newsletter-subscription"><p>Join the club for ten percent off your first bag.</p></div></main>
<footer><p>Copyright the roastery, all rights reserved, everywhere.</p></footer></body></html>`;
    const markdown = markdownOf(html, url);
    for (const name of names) expect(markdown).toContain(name);
    expect(markdown).not.toContain('Join the club');
  });
});

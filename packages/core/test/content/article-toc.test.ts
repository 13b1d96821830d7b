import { describe, expect, it } from 'vitest';
import { removeArticleToc } from '../../src/content/article-toc.js';
import { buildHtmlDocument } from '../../src/content/build-document.js';
import { parseHtml } from '../../src/content/parse.js';
import { resolveScrapeOptions } from '../../src/options.js';

function markdownOf(html: string, url = 'https://garden.example/blog/pruning-clematis-by-group'): string {
  return buildHtmlDocument({ html, url, sourceURL: url, statusCode: 200 }, resolveScrapeOptions({ formats: ['markdown'] })).markdown ?? '';
}

const PROSE =
  'Clematis fall into three pruning groups, and knowing which one a plant belongs to decides when the shears come out. ' +
  'Group one flowers on old wood in spring, so it is pruned lightly after flowering; group three flowers on new growth and is cut hard in late winter.';

function articlePage(body: string): string {
  return `<html><head><title>Pruning clematis</title><script type="application/ld+json">{"@type":"BlogPosting","headline":"Pruning clematis"}</script></head>
<body><nav><a href="/">Home</a><a href="/blog">Blog</a></nav><main><article><h1>Pruning clematis by group</h1>${body}</article></main>
<footer>Copyright the garden</footer></body></html>`;
}

describe('an article’s table of contents', () => {
  it('is removed, named by a TOC plugin’s class, with the heading announcing it', () => {
    const markdown = markdownOf(
      articlePage(`<p>${PROSE}</p>
<div class="ez-toc-container"><p class="ez-toc-title">Table of Contents</p><ul><li><a href="#group-one">Group one: early flowering</a></li><li><a href="#group-two">Group two: large flowered hybrids</a></li><li><a href="#group-three">Group three: late flowering</a></li></ul></div>
<h2>Contents</h2><ul><li><a href="#group-one">Group one</a></li><li><a href="#group-three">Group three</a></li></ul>
<h2 id="group-one">Group one</h2><p>Prune group one lightly right after its spring flowers fade, only to tidy the plant.</p>
<h2 id="group-three">Group three</h2><p>Cut group three hard in late winter, down to a pair of strong buds near the ground.</p>`),
    );
    expect(markdown).not.toContain('Table of Contents');
    expect(markdown).not.toContain('Contents\n');
    expect(markdown).not.toContain('](https://garden.example/blog/pruning-clematis-by-group#group-one)');
    expect(markdown).toContain('## Group one');
    expect(markdown).toContain('## Group three');
    expect(markdown).toContain('down to a pair of strong buds');
  });

  it('keeps a block named as contents that is prose or links to other pages', () => {
    const document = parseHtml(`<html><body><main>
<div class="toc-intro"><p>${PROSE} See <a href="#group-one">group one</a>.</p></div>
<div id="toc"><a href="/blog/roses">Roses</a><a href="/blog/peonies">Peonies</a></div>
</main></body></html>`);
    const main = document.querySelector('main')!;
    removeArticleToc(main);
    expect(main.querySelector('.toc-intro')).not.toBeNull();
    expect(main.querySelector('#toc')).not.toBeNull();
  });
});

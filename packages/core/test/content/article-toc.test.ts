import { describe, expect, it } from 'vitest';
import { removeArticleToc } from '../../src/content/rules/article-toc.js';
import { parseHtml } from '../../src/content/dom/parse.js';
import { articlePage, markdownOf, PROSE } from './support/article-page.js';

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

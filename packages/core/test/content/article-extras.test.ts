import { describe, expect, it } from 'vitest';
import { removeBoilerplate } from '../../src/content/rules/boilerplate.js';
import { parseHtml } from '../../src/content/dom/parse.js';
import { isPhotoCredit } from '../../src/content/rules/photo-credits.js';
import { articlePage, markdownOf, PROSE } from './support/article-page.js';

describe('photo credits', () => {
  it('tells a credit line from a caption or a data source', () => {
    for (const credit of [
      'Image credit: Wareable',
      'Photo Credit: www.bitterrootdiy.com',
      'Photo: Shutterstock',
      'Photo by Caleb Oquendo',
      'Featured image from Sakara',
      'Credit: Reviewed / Tim Renzi',
      'Kittiwut | Getty Images',
      'DGLimages via Getty Images',
      '(Image credit: Blue Origin)',
      '(Photo: AP)',
      'Foto: Sascha Klahn',
      'Fotos: © Burkard Meyer',
      'Bild: Werk/Christian Houdek',
      'Titelbild: Geyres Christophe/ABACA/picture-alliance',
      'Bildquelle: SWR',
      'Imagen: Télam',
      '(crédito: Minervino Júnior/CB/D.A.Press)',
      'Crédits photos : Bestimage',
      'Judy Eddy/WENN.com',
    ]) {
      expect(isPhotoCredit(credit), credit).toBe(true);
    }
    for (const kept of [
      'Source: Bureau of Labor Statistics',
      'A group three clematis cut back to knee height in February.',
      'Photography tips for beginners',
      'Credit card rewards compared',
      'Quelle: Statistisches Bundesamt',
      'Bilder einer Ausstellung im Hafenamt',
      'Fotografie als Beruf: ein Gespräch',
    ]) {
      expect(isPhotoCredit(kept), kept).toBe(false);
    }
  });

  it("removes an article's photo credits and keeps its photos and captions", () => {
    const markdown = markdownOf(
      articlePage(`<p>${PROSE}</p>
<figure><img src="/clematis.jpg" alt="A clematis on a trellis"><figcaption>Jackmanii in its third summer. <span>Photo: Shutterstock</span></figcaption></figure>
<p>${PROSE}</p><p class="credit">Image credit: Garden Studio</p><p>${PROSE}</p>`),
    );
    expect(markdown).toContain('Jackmanii in its third summer.');
    expect(markdown).toContain('clematis.jpg');
    expect(markdown).not.toContain('Shutterstock');
    expect(markdown).not.toContain('Garden Studio');
  });
});

describe('author bios', () => {
  it('removes an author box under the article, whatever the theme or plugin calls it', () => {
    for (const name of ['author_bio', 'entry-author-profile', 'about-author', 'saboxplugin-wrap', 'abh_box abh_box_down']) {
      const markdown = markdownOf(
        articlePage(`<p>${PROSE}</p><p>${PROSE}</p><p>${PROSE}</p>
<div class="${name}"><div><p>Angela first became a gardener in kindergarten and now writes about climbers from her home in Georgia.</p></div></div>`),
      );
      expect(markdown, name).toContain('Group one flowers');
      expect(markdown, name).not.toContain('Angela first became');
    }
  });
});

describe('an article body tagged as a header', () => {
  it("keeps a <header> that holds the body's paragraphs, and still removes a page's and an article's header", () => {
    const { body } =
      parseHtml(`<html><body><header id="header"><p>${'This website uses cookies to remember your garden zone and your seed basket. '.repeat(20)}</p></header><header class="site"><a href="/">Garden Notes</a><p>Free seeds with every order this month</p></header>
<div class="post"><header class="entry-header"><h1>Pruning clematis by group</h1><p>A short standfirst.</p></header>
<header class="rich-text"><p>${PROSE}</p><h2>Group three</h2><p>${PROSE}</p><p>${PROSE}</p><p>${PROSE}</p><p>${PROSE}</p></header></div></body></html>`);
    removeBoilerplate(body);
    const text = body.textContent ?? '';
    expect(text).toContain('Group three');
    expect(text).toContain('Group one flowers');
    expect(text).not.toContain('Free seeds');
    expect(text).not.toContain('uses cookies');
    expect(text).not.toContain('A short standfirst');
  });
});

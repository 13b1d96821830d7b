import { describe, expect, it } from 'vitest';
import { parseHtml } from '../../src/content/dom/parse.js';
import { quietTeaserImages, type TeaserScope } from '../../src/content/rules/teaser-images.js';

/** Each image's alt text after quietTeaserImages, by its src. */
function altsAfter(bodyHtml: string, scope: TeaserScope): Record<string, string> {
  const { body } = parseHtml(`<html><body>${bodyHtml}</body></html>`);
  quietTeaserImages(body, scope);
  return Object.fromEntries(
    Array.from(body.querySelectorAll('img')).map((image) => [image.getAttribute('src'), image.getAttribute('alt')]),
  );
}

const FRONT = `<h1>Science</h1>
<div class="card"><a href="/tide-story"><div class="thumb"><img src="/tide.jpg" alt="Waves breaking on the east quay at dawn"></div></a>
<h5><a href="/tide-story">Why the tide turns early this winter</a></h5><p>The harbour master explains the charts.</p></div>
<a href="/sale"><img src="/sale.jpg" alt="Easels at half price until Sunday"> Sale</a>
<div class="gallery"><img src="/lamp.jpg" alt="Tide lamp in brass"><span>Click to zoom</span></div>
<figure><img src="/quay.jpg" alt="The east quay at dawn"><figcaption><h3>Our office</h3></figcaption></figure>`;

describe('quietTeaserImages', () => {
  it("drops a headed card's thumbnail description on any page, and keeps a link's, a gallery's and a figure's", () => {
    expect(altsAfter(FRONT, 'headed cards')).toEqual({
      '/tide.jpg': '',
      '/sale.jpg': 'Easels at half price until Sunday',
      '/lamp.jpg': 'Tide lamp in brass',
      '/quay.jpg': 'The east quay at dawn',
    });
  });

  it("drops every short teaser's thumbnail description on a listing or a grid", () => {
    expect(altsAfter(FRONT, 'every teaser')).toEqual({ '/tide.jpg': '', '/sale.jpg': '', '/lamp.jpg': '', '/quay.jpg': '' });
  });

  it('keeps the alt text of an image beside a long section, headed or not', () => {
    const section = `<div><h2>The harbour</h2><img src="/map.jpg" alt="A chart of the harbour"><p>${'The harbour wall was built in 1820. '.repeat(20)}</p></div>`;
    expect(altsAfter(section, 'headed cards')).toEqual({ '/map.jpg': 'A chart of the harbour' });
  });

  it('keeps the alt text on a short page, whose whole text sits beside its H1: the page is no card', () => {
    const page =
      '<article><h1>Gallery</h1><p>Our workshop, seen from the quay at dawn.</p><img src="/logo.png" alt="Harbour shop logo"></article>';
    expect(altsAfter(page, 'headed cards')).toEqual({ '/logo.png': 'Harbour shop logo' });
  });
});

import { contentFailurePages } from '@trawl/testkit';
import { describe, expect, it } from 'vitest';
import { parseHtml } from '../../src/content/dom/parse.js';
import { removeCapsStoryLinks } from '../../src/content/rules/caps-story-links.js';
import { removeGalleryCounters } from '../../src/content/rules/gallery-counters.js';
import { removePhotoCredits } from '../../src/content/rules/photo-credits.js';
import { removePrintOnlyBlocks } from '../../src/content/rules/print-only.js';
import { removeRelatedLabelRuns } from '../../src/content/rules/related-label-runs.js';
import { removeTagLists } from '../../src/content/rules/tag-lists.js';
import { htmlToDocument } from '../../src/index.js';

function content(body: string): Element {
  return parseHtml(`<body><div id="c">${body}</div></body>`).querySelector('#c')!;
}

const prose = '<p>The ferry to the outer islands runs twice a day from the old stone quay, calling at each jetty.</p>';

describe('tag lists', () => {
  it('removes the outermost block of rel=tag links and a label, in any language', () => {
    const root = content(
      `${prose}<div class="meta"><strong>Tags<br><a href="/tag/a" rel="tag">ferry</a>, <a href="/tag/b" rel="tag">islands</a></strong></div><p>Filed under: <a href="/c/news" rel="category tag">News</a></p>`,
    );
    expect(removeTagLists(root)).toBe(2);
    expect(root.querySelector('.meta')).toBeNull();
    expect(root.textContent).not.toContain('Filed under');
    expect(root.textContent).toContain('old stone quay');
  });

  it('keeps a tag linked inside a sentence, and a block with other links', () => {
    const root = content(
      `<p>We took the <span><a href="/tag/ferry" rel="tag">ferry</a></span> at dawn and reached the quay by noon.</p><p>Tags: <a href="/tag/x" rel="tag">x</a>, <a href="/about">about us</a></p>`,
    );
    expect(removeTagLists(root)).toBe(0);
    expect(root.textContent).toContain('ferry');
    expect(root.textContent).toContain('about us');
  });
});

describe('print-only blocks', () => {
  it('removes what only a printout shows, not a block also shown on small screens', () => {
    const root = content(
      `<div class="print-header"><span>https://ferry.example/news</span></div><p class="visible-print-block">Printed from ferry.example</p><div class="d-none d-print-block">Logo</div><div class="d-lg-none d-print-block">Ferry times</div>${prose}`,
    );
    expect(removePrintOnlyBlocks(root)).toBe(3);
    expect(root.textContent).not.toContain('ferry.example');
    expect(root.textContent).toContain('Ferry times');
  });

  it('keeps a long block a theme names print-only: the part worth printing, the article itself', () => {
    const article = `<div class="entry-content print-only">${prose.repeat(4)}</div>`;
    const root = content(article);
    expect(removePrintOnlyBlocks(root)).toBe(0);
    expect(root.textContent).toContain('old stone quay');
  });
});

describe('gallery counters and bracketed credits', () => {
  it('removes "Image 1 of 5" and "(Image credit: …)", not a bare score', () => {
    const root = content(
      `<span>Image 1 of 5</span><span>Photo 2/5</span><div class="credit">(Image credit: Harbour Office)</div><p>3 of 4</p>${prose}`,
    );
    expect(removeGalleryCounters(root)).toBe(2);
    expect(removePhotoCredits(root)).toBe(1);
    expect(root.textContent).toContain('3 of 4');
    expect(root.textContent).not.toContain('Image');
  });
});

describe('the testkit page', () => {
  it('leaks its printout header, counters and tags once those steps are disabled', async () => {
    const page = contentFailurePages.printGalleryTags;
    const document = await htmlToDocument(page.html, {
      url: `https://ferry.example${page.path}`,
      formats: ['markdown'],
      withoutSteps: ['print-only-blocks', 'gallery-counters', 'tag-lists'],
    });
    expect(document.markdown).toContain('Image 1 of 2');
    expect(document.markdown).toContain('Tags:');
    expect(document.markdown).toContain('ferry.example/news');
  });
});

describe('story links written as paragraphs', () => {
  it('removes a related label with the link-only lines after it, not a label before prose', () => {
    const root = content(
      `${prose}<p>Related:</p><p>Read the timetable before you travel, as it changes often.</p><p>You may also like...</p><p><a href="/a">The quay is rebuilt</a></p><p><a href="/b">The school boat</a></p><p>The harbour office opens at eight.</p>`,
    );
    expect(removeRelatedLabelRuns(root)).toBe(1);
    expect(root.textContent).toContain('Related:');
    expect(root.textContent).not.toContain('quay is rebuilt');
    expect(root.textContent).toContain('harbour office opens');
  });

  it('removes a linked headline in capitals on the same site, not one elsewhere nor a shouted sentence', () => {
    const root = content(
      `${prose}<p><a href="https://www.ferry.example/news/lamp">LIGHTHOUSE GETS A NEW LAMP</a></p><p><a href="https://tides.example/">SEE THE FULL TIDE TABLE</a></p><p>NO DOGS ON THE UPPER DECK, <a href="/rules">SAYS THE CAPTAIN</a></p>`,
    );
    expect(removeCapsStoryLinks(root, 'https://ferry.example/news/ferry')).toBe(1);
    expect(root.textContent).not.toContain('LIGHTHOUSE');
    expect(root.textContent).toContain('TIDE TABLE');
    expect(root.textContent).toContain('NO DOGS');
  });
});

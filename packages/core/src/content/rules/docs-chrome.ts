import { textLength } from '../dom/text.js';

/**
 * What documentation sites put around a page's text: its table of contents ("On this page"),
 * edit and feedback links, and previous/next page links. Docs generators (Docusaurus, Sphinx,
 * MkDocs, VitePress, GitBook, DocBook, rustdoc…) name these blocks much alike.
 */
const DOCS_CHROME_SELECTOR = [
  '.on-this-page',
  '[class*="tableOfContents"]',
  '.theme-doc-toc-desktop',
  '.edit-this-page',
  '.theme-edit-this-page',
  '.edit-page',
  '.edit-link',
  '.page-edit',
  '.feedback',
  '.was-this-helpful',
  '.pagination-nav',
  '.prev-next',
  '.page-nav',
  '.docs-prev-next',
  '.rst-footer-buttons',
  '.md-footer',
  // DocBook's previous/up/home/next tables above and below every page.
  '.navheader',
  '.navfooter',
  // rustdoc's "since" version and source link beside every item.
  '.rightside',
  // mdBook's hidden lines of a Rust sample (setup a reader expands with a button): CSS hides them.
  'pre .boring',
  '.headerlink',
  '.anchor-link',
  '.hash-link',
].join(', ');
/**
 * A page's table of contents. One that jumps within the page ("On this page") is chrome; one
 * whose links lead to other pages is a chapter's or a section's index (DocBook's chapter pages,
 * Sphinx's toctree), which is what that page says.
 */
const TOC_SELECTOR = '.toc, .table-of-contents, #toc';

/** Link texts of the same chrome where no class names it. */
const CHROME_LINK_TEXT =
  /^(?:edit (?:this page|on github|page)|improve this (?:page|doc)|suggest (?:an )?edits?|report an issue|view source|(?:previous|next)\b.*|« .*|.* »)$/i;
const MAX_LINK_CHARS = 80;

/** Removes a docs page's TOC, edit links and previous/next links under `root`. */
export function removeDocsChrome(root: Element): void {
  for (const element of Array.from(root.querySelectorAll(DOCS_CHROME_SELECTOR))) element.remove();
  for (const toc of Array.from(root.querySelectorAll(TOC_SELECTOR))) if (jumpsWithinPage(toc)) toc.remove();
  for (const link of Array.from(root.querySelectorAll('a[href]'))) {
    const text = (link.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (!text || text.length > MAX_LINK_CHARS || !CHROME_LINK_TEXT.test(text) || isInSentence(link)) continue;
    // The link alone in its block (a paragraph or list item of its own) takes the block with it.
    const parent = link.parentElement;
    const block = parent && parent !== root && (parent.textContent ?? '').trim() === (link.textContent ?? '').trim() ? parent : link;
    block.remove();
  }
}

/** Letters of prose around a link that make it part of a sentence. */
const MIN_SENTENCE_CHARS = 20;

/**
 * Whether the link is part of a sentence ("In the <a>previous article</a>, we talked about…"):
 * its paragraph, item or cell holds prose besides its links. Such a link is the text's, not the
 * page's navigation.
 */
function isInSentence(link: Element): boolean {
  const block = link.closest('p, li, td, dd');
  if (!block) return false;
  let linked = 0;
  for (const other of Array.from(block.querySelectorAll('a'))) linked += textLength(other);
  return textLength(block) - linked >= MIN_SENTENCE_CHARS;
}

/** Whether most of a table of contents' links are fragments of this page (or it has none). */
function jumpsWithinPage(toc: Element): boolean {
  const links = Array.from(toc.querySelectorAll('a[href]'));
  const fragments = links.filter((link) => link.getAttribute('href')!.trim().startsWith('#')).length;
  return fragments * 2 >= links.length;
}

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
/** A help popup's heading (mdBook's, a docs site's "?" overlay): the popup goes with it. */
const HELP_HEADING = /^keyboard shortcuts$/i;
const MAX_HELP_POPUP_CHARS = 600;

/** Link texts of the same chrome where no class names it. */
const CHROME_LINK_TEXT =
  /^(?:edit (?:this page|on github|page)|improve this (?:page|doc)|suggest (?:an )?edits?|report an issue|view source|(?:previous|next)\b.*|« .*|.* »)$/i;
const MAX_LINK_CHARS = 80;

/** Removes a docs page's TOC, edit links and previous/next links under `root`. */
export function removeDocsChrome(root: Element): void {
  for (const element of Array.from(root.querySelectorAll(DOCS_CHROME_SELECTOR))) element.remove();
  for (const toc of Array.from(root.querySelectorAll(TOC_SELECTOR))) if (jumpsWithinPage(toc)) toc.remove();
  for (const heading of Array.from(root.querySelectorAll('h1, h2, h3, h4, h5, h6'))) {
    if (!HELP_HEADING.test((heading.textContent ?? '').trim())) continue;
    const popup = heading.parentElement;
    if (popup && popup !== root && (popup.textContent ?? '').length <= MAX_HELP_POPUP_CHARS) popup.remove();
    else heading.remove();
  }
  for (const link of Array.from(root.querySelectorAll('a[href]'))) {
    const text = (link.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (!text || text.length > MAX_LINK_CHARS || !CHROME_LINK_TEXT.test(text)) continue;
    // The link alone in its block (a paragraph or list item of its own) takes the block with it.
    const parent = link.parentElement;
    const block = parent && parent !== root && (parent.textContent ?? '').trim() === (link.textContent ?? '').trim() ? parent : link;
    block.remove();
  }
}

/** Whether most of a table of contents' links are fragments of this page (or it has none). */
function jumpsWithinPage(toc: Element): boolean {
  const links = Array.from(toc.querySelectorAll('a[href]'));
  const fragments = links.filter((link) => link.getAttribute('href')!.trim().startsWith('#')).length;
  return fragments * 2 >= links.length;
}

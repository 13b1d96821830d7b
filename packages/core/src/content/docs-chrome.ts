/**
 * What documentation sites put around a page's text: its table of contents ("On this page"),
 * edit and feedback links, and previous/next page links. Docs generators (Docusaurus, Sphinx,
 * MkDocs, VitePress, GitBook…) name these blocks much alike.
 */
const DOCS_CHROME_SELECTOR = [
  '.toc',
  '.table-of-contents',
  '#toc',
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
  '.headerlink',
  '.anchor-link',
  '.hash-link',
].join(', ');
/** Link texts of the same chrome where no class names it. */
const CHROME_LINK_TEXT =
  /^(?:edit (?:this page|on github|page)|improve this (?:page|doc)|suggest (?:an )?edits?|report an issue|view source|(?:previous|next)\b.*|« .*|.* »)$/i;
const MAX_LINK_CHARS = 80;

/** Removes a docs page's TOC, edit links and previous/next links under `root`. */
export function removeDocsChrome(root: Element): void {
  for (const element of Array.from(root.querySelectorAll(DOCS_CHROME_SELECTOR))) element.remove();
  for (const link of Array.from(root.querySelectorAll('a[href]'))) {
    const text = (link.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (!text || text.length > MAX_LINK_CHARS || !CHROME_LINK_TEXT.test(text)) continue;
    // The link alone in its block (a paragraph or list item of its own) takes the block with it.
    const parent = link.parentElement;
    const block = parent && parent !== root && (parent.textContent ?? '').trim() === (link.textContent ?? '').trim() ? parent : link;
    block.remove();
  }
}

import { textLength } from '../dom/text.js';

/** Blocks that can hold a run of links about other pages. */
const BLOCKS = 'ul, ol, dl, nav, aside, section, div, table';
/** Fewer links than this is a sentence's references, not a list of other pages. */
const MIN_LINKS = 3;
/**
 * Share of a block's text inside links from which it is links about other pages, not prose:
 * trafilatura's threshold for the same test (its `link_density_test`); readability's conditional
 * cleaning drops a weighty block from a link density of 0.5.
 */
const MIN_LINK_TEXT_SHARE = 0.8;
/** A heading or label line titling a link block ("Most read", "Weitere Artikel") is short. */
const MAX_LABEL_CHARS = 60;

/**
 * Removes blocks whose text is nearly all link text (most-read lists, more-from-this-section
 * teasers, topic menus, whatever the language of their title or the names in their markup) with
 * the short line that titles them. Two guards keep lists that are the page's own: a list the
 * text introduces (a line ending in a colon or a question mark) is part of the text; and a page's
 * chrome never outweighs its text: when the link blocks hold more text than everything else, the
 * links are the content (an index, a listing read as an article) and all stay. Returns how many
 * blocks went.
 */
export function removeLinkDenseBlocks(root: Element): number {
  const blocks = linkBlocks(root);
  if (!blocks.length) return 0;
  let chrome = 0;
  for (const { block, label } of blocks) chrome += textLength(block) + (label ? textLength(label) : 0);
  if (chrome * 2 > textLength(root)) return 0;
  for (const { block, label } of blocks) {
    label?.remove();
    block.remove();
  }
  return blocks.length;
}

interface LinkBlock {
  block: Element;
  label: Element | null;
}

/** The outermost link-dense blocks of the content, but those a line introduces as the text's own. */
function linkBlocks(root: Element): LinkBlock[] {
  const found: LinkBlock[] = [];
  const introduced: Element[] = [];
  for (const block of Array.from(root.querySelectorAll(BLOCKS))) {
    if (found.some((outer) => outer.block.contains(block)) || introduced.some((outer) => outer.contains(block))) continue;
    if (block.closest('pre, code') || !isLinkDense(block)) continue;
    const label = titlingLabel(block);
    // "Patches sent for review:", "Leasing or a loan?": the text introduces its own list.
    if (label && /[:?]\s*$/.test(label.textContent ?? '')) introduced.push(block);
    else found.push({ block, label });
  }
  return found;
}

function isLinkDense(block: Element): boolean {
  const links = block.querySelectorAll('a[href]');
  if (links.length < MIN_LINKS || block.querySelector('h1')) return false;
  const text = textLength(block);
  if (text === 0) return false;
  let linkText = 0;
  for (const link of Array.from(links)) linkText += textLength(link);
  return linkText >= text * MIN_LINK_TEXT_SHARE;
}

/** The element just before `block` when it is a short line without links: the block's title. */
function titlingLabel(block: Element): Element | null {
  const previous = block.previousElementSibling;
  if (!previous || previous.tagName === 'H1' || previous.querySelector('a[href], img, h1')) return null;
  const length = textLength(previous);
  return length > 0 && length <= MAX_LABEL_CHARS ? previous : null;
}

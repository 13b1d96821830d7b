import { textLength } from '../dom/text.js';

/** A block with at least this many links can be a menu of links. */
const MIN_LINKS = 5;
/** Share of a block's text inside links above which it is a list of links, not prose about them. */
const MIN_LINK_TEXT_SHARE = 0.75;
/** Links of a menu are short: a block whose links average more characters is a list of teasers. */
const MAX_CHARS_PER_LINK = 40;
/** A link block holding more than this share of the content is the content (a sitemap, an index). */
const MAX_SHARE_OF_TEXT = 0.4;

/**
 * Removes blocks that are nothing but short links (site menus, board and platform pickers,
 * footer link columns) left in the content when the page's markup does not name them as
 * navigation. Returns how many went.
 */
export function removeLinkLists(root: Element): number {
  let total: number | undefined;
  let removed = 0;
  for (const block of Array.from(root.querySelectorAll('ul, ol, dl, dd, div, section, p, span, td'))) {
    if (!root.contains(block)) continue;
    const links = Array.from(block.querySelectorAll('a[href]'));
    if (links.length < MIN_LINKS) continue;
    const text = textLength(block);
    if (text === 0 || text / links.length > MAX_CHARS_PER_LINK) continue;
    let linkText = 0;
    for (const link of links) linkText += textLength(link);
    if (linkText < text * MIN_LINK_TEXT_SHARE || block.querySelector('h1')) continue;
    total ??= textLength(root);
    if (text > total * MAX_SHARE_OF_TEXT) continue;
    block.remove();
    removed++;
  }
  return removed;
}

import { textLength } from '../dom/text.js';

/** A tree of fewer links is a short list of related pages, which a landing page may mean. */
const MIN_LINKS = 12;
/** Share of the tree's text inside links: a site's page tree is links and nothing else. */
const MIN_LINK_TEXT_SHARE = 0.9;

/**
 * Removes site page trees left in the content: a list whose items hold lists of their own (two
 * levels or more) and whose text is nothing but links (WordPress's `wp_list_pages` dropdowns,
 * `li.page_item` with `ul.children`; mega-menus and section pickers a theme does not name as
 * navigation). A landing page's own lists are one level deep or carry prose. Only the outermost
 * list of a tree is measured, so each element is read a bounded number of times. Returns how many
 * went.
 */
export function removeNavTrees(root: Element): number {
  let removed = 0;
  for (const list of Array.from(root.querySelectorAll('ul, ol'))) {
    if (!root.contains(list) || list.parentElement?.closest('ul, ol')) continue;
    if (!hasNestedList(list)) continue;
    const links = list.querySelectorAll('a[href]');
    if (links.length < MIN_LINKS) continue;
    const text = textLength(list);
    let linkText = 0;
    for (const link of Array.from(links)) linkText += textLength(link);
    if (text === 0 || linkText < text * MIN_LINK_TEXT_SHARE) continue;
    list.remove();
    removed++;
  }
  return removed;
}

/** Whether one of the list's own items holds a list directly (the tree's second level). */
function hasNestedList(list: Element): boolean {
  for (const item of Array.from(list.children)) {
    if (item.tagName !== 'LI') continue;
    for (const child of Array.from(item.children)) if (child.tagName === 'UL' || child.tagName === 'OL') return true;
  }
  return false;
}

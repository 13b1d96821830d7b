import { textLengthUpTo } from '../dom/text.js';

/**
 * CSS frameworks' utility classes for what only a printout shows: Bootstrap 3's `visible-print`,
 * Foundation's `show-for-print`; they mean that and nothing else.
 */
const FRAMEWORK_PRINT_CLASS = /(?:^|\s)(?:visible-print(?:-block|-inline|-inline-block)?|show-for-print)(?:$|\s)/;
/** Bootstrap 4 and 5: hidden on screen (`d-none`) and shown in print (`d-print-block`). */
const SCREEN_HIDDEN = /(?:^|\s)d-none(?:$|\s)/;
const PRINT_SHOWN = /(?:^|\s)d-print-(?:block|inline|inline-block|flex|table)(?:$|\s)/;
/** The names themes give a printout's header and footer (a logo and the page's own URL, a copyright line). */
const THEME_PRINT_CLASS = /(?:^|\s)(?:print[-_]?only|only[-_]?print|print[-_]view[-_]only|print[-_](?:header|footer|logo))(?:$|\s)/i;
/**
 * Such a header or footer is a line or two. Some themes name the part worth printing
 * `print-only` instead (the whole article: vegolosi.it, verfassungsblog.de): a longer block stays.
 */
const MAX_THEME_PRINT_BLOCK_CHARS = 300;

/**
 * Removes what a page shows only when printed (a framework's print-only class, or a short block a
 * theme names so): a reader on screen never sees it, and it repeats the site's name and the URL
 * above the article, or a citation and copyright under it. Returns how many blocks went.
 */
export function removePrintOnlyBlocks(root: Element): number {
  let removed = 0;
  for (const element of Array.from(root.querySelectorAll('[class*="rint"]'))) {
    const names = element.getAttribute('class') ?? '';
    if (!root.contains(element) || !isPrintOnly(element, names)) continue;
    element.remove();
    removed++;
  }
  return removed;
}

function isPrintOnly(element: Element, names: string): boolean {
  if (FRAMEWORK_PRINT_CLASS.test(names) || (SCREEN_HIDDEN.test(names) && PRINT_SHOWN.test(names))) return true;
  return THEME_PRINT_CLASS.test(names) && textLengthUpTo(element, MAX_THEME_PRINT_BLOCK_CHARS) <= MAX_THEME_PRINT_BLOCK_CHARS;
}

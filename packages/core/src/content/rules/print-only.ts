import { textLengthUpTo } from '../dom/text.js';

/**
 * Class words of blocks a stylesheet shows only on paper: Bootstrap 3's `visible-print`,
 * Foundation's `show-for-print`, and the names themes give a printout's header and footer
 * (`print-header`, `print-only`: a logo and the page's own URL, a copyright line).
 */
const PRINT_ONLY_CLASS =
  /(?:^|\s)(?:print[-_]?only|only[-_]?print|print[-_]view[-_]only|print[-_](?:header|footer|logo)|visible-print(?:-block|-inline|-inline-block)?|show-for-print)(?:$|\s)/i;
/**
 * A printout's header or footer is a line or two. Some themes name the part worth printing
 * `print-only` instead (the whole article: vegolosi.it, verfassungsblog.de): a longer block stays.
 */
const MAX_PRINT_BLOCK_CHARS = 300;
/** Bootstrap 4 and 5: hidden on screen (`d-none`) and shown in print (`d-print-block`). */
const SCREEN_HIDDEN = /(?:^|\s)d-none(?:$|\s)/;
const PRINT_SHOWN = /(?:^|\s)d-print-(?:block|inline|inline-block|flex|table)(?:$|\s)/;

/**
 * Removes short blocks a page shows only when printed: a reader on screen never sees them, and
 * they repeat the site's name and the URL above the article. Returns how many went.
 */
export function removePrintOnlyBlocks(root: Element): number {
  let removed = 0;
  for (const element of Array.from(root.querySelectorAll('[class*="rint"]'))) {
    const names = element.getAttribute('class') ?? '';
    if (!PRINT_ONLY_CLASS.test(names) && !(SCREEN_HIDDEN.test(names) && PRINT_SHOWN.test(names))) continue;
    if (!root.contains(element) || textLengthUpTo(element, MAX_PRINT_BLOCK_CHARS) > MAX_PRINT_BLOCK_CHARS) continue;
    element.remove();
    removed++;
  }
  return removed;
}

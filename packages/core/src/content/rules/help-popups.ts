/** A help popup's heading (mdBook's, a docs site's "?" overlay): the popup goes with it. */
const HELP_HEADING = /^keyboard shortcuts$/i;
const MAX_HELP_POPUP_CHARS = 600;

/**
 * Removes keyboard-shortcut help popups under `root`: a heading "Keyboard shortcuts" and the
 * small block around it ("Press ? to show this help"). Hidden until a key is pressed, on any
 * kind of page: mdBook's books are often read as articles (their URLs and markup name no docs).
 */
export function removeHelpPopups(root: Element): void {
  for (const heading of Array.from(root.querySelectorAll('h1, h2, h3, h4, h5, h6'))) {
    if (!HELP_HEADING.test((heading.textContent ?? '').trim())) continue;
    const popup = heading.parentElement;
    if (popup && popup !== root && (popup.textContent ?? '').length <= MAX_HELP_POPUP_CHARS) popup.remove();
    else heading.remove();
  }
}

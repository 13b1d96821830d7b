/**
 * Blocks a CSS framework's utility class hides at every screen size: Tailwind's and Shopify
 * themes' `hidden`, Bootstrap's `d-none`, Bulma's `is-hidden`. Shop themes render per card, in
 * such a block, the product's whole description for a comparison table or a quick-view drawer
 * that a script opens; a category page then read as long as every product page it links to.
 */
const HIDDEN_CLASS = /(?:^|\s)(?:hidden|d-none|is-hidden)(?:\s|$)/;
/**
 * A class that shows the block again at some width (Tailwind's `md:block`, Bootstrap's
 * `d-md-flex`, Bulma's `is-hidden-mobile` is another word): such a block is visible on a desktop.
 */
const SHOWN_AT_SOME_WIDTH =
  /(?:^|\s)(?:[a-z0-9-]+:(?:block|flex|grid|inline|inline-block|inline-flex|table|contents)|d-[a-z]{2,3}-(?:block|flex|grid|inline|inline-block|inline-flex|table))(?:\s|$)/;

/** A tab or accordion panel: one click away, content (`revealTabPanels`). */
const PANEL = '[role="tabpanel"], [aria-labelledby]';

/**
 * Removes the blocks `root` holds that a utility class hides at every width, except tab and
 * accordion panels (one click away, revealed by `revealTabPanels`) and blocks holding the H1.
 * Returns how many went.
 */
export function removeUtilityHiddenBlocks(root: Element): number {
  const controlled = new Set<string>();
  for (const control of Array.from(root.querySelectorAll('[aria-controls]'))) {
    for (const id of (control.getAttribute('aria-controls') ?? '').split(/\s+/)) if (id) controlled.add(id);
  }
  let removed = 0;
  for (const element of Array.from(root.querySelectorAll('[class]'))) {
    const className = element.getAttribute('class') ?? '';
    if (!HIDDEN_CLASS.test(className) || SHOWN_AT_SOME_WIDTH.test(className)) continue;
    if (element.matches(PANEL) || controlled.has(element.id) || !root.contains(element)) continue;
    if (element.tagName === 'H1' || element.querySelector('h1')) continue;
    element.remove();
    removed++;
  }
  return removed;
}

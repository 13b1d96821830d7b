/**
 * Tab panels a page hides until their tab is clicked (`hidden`, `aria-hidden`, an inline
 * `display: none`): code samples in other languages, a product's specifications and care tabs.
 * They are part of the page a reader sees one click away, so they are shown before extraction
 * (Readability skips what is hidden, and furniture removal drops hidden elements).
 */
export function revealTabPanels(root: Element): void {
  for (const panel of Array.from(root.querySelectorAll('[role="tabpanel"]'))) {
    panel.removeAttribute('hidden');
    if (panel.getAttribute('aria-hidden') === 'true') panel.removeAttribute('aria-hidden');
    const style = panel.getAttribute('style');
    if (style && /display\s*:\s*none/i.test(style)) panel.setAttribute('style', style.replace(/display\s*:\s*none\s*;?/gi, ''));
  }
}

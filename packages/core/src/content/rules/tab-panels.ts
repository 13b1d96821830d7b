/**
 * Panels a page hides until a click shows them (`hidden`, `aria-hidden`, an inline
 * `display: none`): tab panels (code samples in other languages, a product's specifications and
 * care tabs) and the panels of an accordion (an FAQ's answers, a plan's details), found by the
 * button that controls them (`aria-expanded` with `aria-controls`, or an accordion's button by its
 * class, `es-accordion-heading`, `cmp-accordion__button`: some accordions' buttons say nothing of
 * their state, and other controls that name no state, a shop gallery's or a menu's toggles, open
 * overlays and menus rather than content). They are part of the page a
 * reader sees one click away, so they are shown before extraction (Readability skips what is
 * hidden, and furniture removal drops hidden elements).
 */
export function revealTabPanels(root: Element): void {
  for (const panel of Array.from(root.querySelectorAll('[role="tabpanel"]'))) reveal(panel);
  const document = root.ownerDocument;
  for (const control of Array.from(
    root.querySelectorAll('[aria-expanded="false"][aria-controls], [aria-controls][class*="accordion" i]'),
  )) {
    for (const id of (control.getAttribute('aria-controls') ?? '').split(/\s+/)) {
      const panel = id ? document.getElementById(id) : null;
      if (panel && root.contains(panel)) reveal(panel);
    }
  }
}

function reveal(panel: Element): void {
  panel.removeAttribute('hidden');
  if (panel.getAttribute('aria-hidden') === 'true') panel.removeAttribute('aria-hidden');
  const style = panel.getAttribute('style');
  if (style && /display\s*:\s*none/i.test(style)) panel.setAttribute('style', style.replace(/display\s*:\s*none\s*;?/gi, ''));
}

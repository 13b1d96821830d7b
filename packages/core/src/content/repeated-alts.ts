/**
 * Empties the alt text of an image that repeats an earlier image's alt in the content: a
 * gallery's "Soft" on every colour shot, a theme's "Logo" on every partner logo. The first
 * keeps its alt; the repeats say nothing new. (The Markdown step drops repeats only of long
 * alts, since a short alt may also be a name the text shows; among alts a repeat is a repeat.)
 */
export function quietRepeatedAlts(root: Element): void {
  const seen = new Set<string>();
  for (const image of Array.from(root.querySelectorAll('img[alt]'))) {
    const alt = (image.getAttribute('alt') ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
    if (!alt) continue;
    if (seen.has(alt)) image.setAttribute('alt', '');
    else seen.add(alt);
  }
}

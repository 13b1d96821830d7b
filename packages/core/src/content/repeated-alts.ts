/**
 * Empties the alt text of an image that repeats what the reader already has: an earlier image's
 * alt in the content (a gallery's "Soft" on every colour shot, a theme's "Logo" on every partner
 * logo; the first keeps its alt), or the text of the link the image sits in (a category tile's
 * "Oil Paint" photo beside its "Oil Paint" label; a screen reader skips such an alt too). (The
 * Markdown step drops repeats only of long alts, since a short alt may also be a name the text
 * shows; among alts, or inside one link, a repeat is a repeat.)
 */
export function quietRepeatedAlts(root: Element): void {
  const seen = new Set<string>();
  // Several images can share a link (a photo and its hover shot): its text is read once.
  const linkTexts = new Map<Element, string>();
  for (const image of Array.from(root.querySelectorAll('img[alt]'))) {
    const alt = normalized(image.getAttribute('alt') ?? '');
    if (!alt) continue;
    const link = image.closest('a');
    let linkText = link ? linkTexts.get(link) : undefined;
    if (link && linkText === undefined) linkTexts.set(link, (linkText = normalized(link.textContent ?? '')));
    if (seen.has(alt) || linkText?.includes(alt)) image.setAttribute('alt', '');
    else seen.add(alt);
  }
}

function normalized(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

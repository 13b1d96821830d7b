/** Inline elements a theme lays out as separate blocks or columns by CSS (a brand above a name). */
const INLINE_SELECTOR = 'span, a, strong, b, em, i, small';
const INLINE_TAGS = new Set(['SPAN', 'A', 'STRONG', 'B', 'EM', 'I', 'SMALL']);

/**
 * Puts a space between two inline elements written with nothing between them when the first
 * ends a word in lower case and the second starts one in upper case: shops set a product's brand
 * and name as two spans the stylesheet puts on two lines (`<span>Merrell</span><span>Moab
 * 3</span>`), and without CSS the words run together ("MerrellMoab 3"). No word is split across
 * elements that way in prose; code is left alone. Returns how many spaces went in.
 */
export function separateGluedInlines(root: Element): number {
  let separated = 0;
  for (const element of Array.from(root.querySelectorAll(INLINE_SELECTOR))) {
    const next = element.nextSibling;
    if (next?.nodeType !== 1 || !INLINE_TAGS.has((next as Element).tagName)) continue;
    if (!/\p{Ll}$/u.test(element.textContent ?? '') || !/^\p{Lu}/u.test(next.textContent ?? '')) continue;
    if (element.closest('pre, code')) continue;
    element.after(element.ownerDocument.createTextNode(' '));
    separated++;
  }
  return separated;
}

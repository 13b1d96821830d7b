/**
 * The visible-ish text length of a subtree, whitespace collapsed: the measure content choices
 * compare. Counted in one pass, without the collapsed copy of the text a regex would build
 * (extraction measures whole pages several times per page).
 */
export function textLength(node: Node | null | undefined): number {
  const text = node?.textContent ?? '';
  let length = 0;
  let pendingSpace = false;
  for (let i = 0; i < text.length; i++) {
    if (isWhitespace(text.charCodeAt(i))) {
      pendingSpace = length > 0;
    } else {
      if (pendingSpace) length++;
      pendingSpace = false;
      length++;
    }
  }
  return length;
}

/** What `\s` matches: ASCII and Unicode white space, the no-break space and the BOM. */
export function isWhitespace(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** Whether a subtree has any visible-ish text: a cheap emptiness test (no whitespace folding). */
export function hasText(node: Node | null | undefined): boolean {
  return /\S/.test(node?.textContent ?? '');
}

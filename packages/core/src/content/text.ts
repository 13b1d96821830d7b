/** The visible-ish text length of a subtree, whitespace collapsed: the measure content choices compare. */
export function textLength(node: Node | null | undefined): number {
  if (!node) return 0;
  return (node.textContent ?? '').replace(/\s+/g, ' ').trim().length;
}

/** Whether a subtree has any visible-ish text: a cheap emptiness test (no whitespace folding). */
export function hasText(node: Node | null | undefined): boolean {
  return /\S/.test(node?.textContent ?? '');
}

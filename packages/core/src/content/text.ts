/** The visible-ish text length of a subtree, whitespace collapsed: the measure content choices compare. */
export function textLength(node: Node | null | undefined): number {
  if (!node) return 0;
  return (node.textContent ?? '').replace(/\s+/g, ' ').trim().length;
}

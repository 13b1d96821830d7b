/**
 * Element nesting kept after parsing, as Chromium's HTML parser does (kMaximumHTMLParserDOMTreeDepth):
 * deeper content is lifted to this depth. Readability, turndown and every tree walk after parsing
 * recurse or rescan per level, so this bounds their stack and their time on a hostile page.
 */
export const MAX_TREE_DEPTH = 128;

/**
 * Makes a freshly parsed tree one that every later step can walk, in one iterative pass: an
 * element deeper than `maxDepth` gives up its children to the level it sits at, keeping document
 * order: the text stays, only the nesting beyond the depth goes. (The parser already closes an
 * anchor when the next one opens, so 200,000 unclosed anchors are 200,000 siblings.)
 * Resolves the number of elements under `root`, itself included.
 */
export function boundTreeDepth(root: Element, maxDepth: number = MAX_TREE_DEPTH): number {
  let node: Node = root;
  let depth = 0;
  let elements = 0;
  for (;;) {
    if (node.nodeType === 1) {
      elements++;
      if (depth >= maxDepth && node.firstChild) liftChildren(node as Element);
    }
    const first: Node | null = node.nodeType === 1 ? node.firstChild : null;
    if (first) {
      node = first;
      depth++;
      continue;
    }
    // No child: the next sibling, else the next sibling of the nearest ancestor that has one
    // (a node without a parent ends the walk, as in tree-walk.ts).
    while (node !== root && !node.nextSibling) {
      if (!node.parentNode) return elements;
      node = node.parentNode;
      depth--;
    }
    if (node === root) return elements;
    node = node.nextSibling!;
  }
}

/** `<x>a<y>b</y></x>` → `<x></x>a<y>b</y>`: the children move, in order, to right after the element. */
function liftChildren(element: Element): void {
  const parent = element.parentNode!;
  const after = element.nextSibling;
  let child: Node | null = element.firstChild;
  while (child) {
    const next: Node | null = child.nextSibling;
    parent.insertBefore(child, after);
    child = next;
  }
}

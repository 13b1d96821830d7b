/**
 * Element nesting kept after parsing, as Chromium's HTML parser does (kMaximumHTMLParserDOMTreeDepth):
 * deeper content is lifted to this depth. Readability, turndown and every tree walk after parsing
 * recurse or rescan per level, so this bounds their stack and their time on a hostile page.
 */
export const MAX_TREE_DEPTH = 128;

/**
 * Makes a freshly parsed tree one that every later step can walk, in one iterative pass:
 * - an `<a>` directly inside an `<a>` closes the outer one, as browsers parse it (linkedom nests
 *   200,000 unclosed anchors 200,000 deep instead): the inner anchor and what follows it move out
 *   after the outer one;
 * - an element deeper than `maxDepth` gives up its children to the level it sits at, keeping
 *   document order: the text stays, only the nesting beyond the depth goes.
 * Resolves the number of elements under `root`, itself included.
 */
export function boundTreeDepth(root: Element, maxDepth: number = MAX_TREE_DEPTH): number {
  let node: Node = root;
  let depth = 0;
  let elements = 0;
  for (;;) {
    if (node.nodeType === 1) {
      elements++;
      const element = node as Element;
      if (element.tagName === 'A' && element.parentNode !== root && (element.parentNode as Element).tagName === 'A') {
        closeOuterAnchor(element);
        depth--;
      }
      if (depth >= maxDepth && element.firstChild) liftChildren(element);
    }
    const first: Node | null = node.nodeType === 1 ? node.firstChild : null;
    if (first) {
      node = first;
      depth++;
      continue;
    }
    // No child: the next sibling, else the next sibling of the nearest ancestor that has one.
    while (node !== root && !node.nextSibling) {
      node = node.parentNode!;
      depth--;
    }
    if (node === root) return elements;
    node = node.nextSibling!;
  }
}

/** `<a>1<a>2</a>3</a>` → `<a>1</a><a>2</a>3`: the inner anchor and its later siblings follow the outer one. */
function closeOuterAnchor(inner: Element): void {
  const outer = inner.parentNode as Element;
  const after = outer.nextSibling;
  const parent = outer.parentNode!;
  let moving: Node | null = inner;
  while (moving) {
    const next: Node | null = moving.nextSibling;
    parent.insertBefore(moving, after);
    moving = next;
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

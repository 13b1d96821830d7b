/**
 * The node after `node` in document order within `root` (its first child unless `skipChildren`,
 * else the next sibling of it or of its nearest ancestor below `root`), or null past the end.
 * A loop over it walks a tree of any depth without recursion and without building arrays.
 * A node with no parent ends the walk: climbing from one that is not under `root` (linkedom links
 * a second `<!DOCTYPE>` into a document's list with no parent) would otherwise run off the tree.
 */
export function nextInTree(node: Node, root: Node, skipChildren = false): Node | null {
  if (!skipChildren && node.firstChild) return node.firstChild;
  let current: Node | null = node;
  while (current && current !== root && !current.nextSibling) current = current.parentNode;
  return !current || current === root ? null : current.nextSibling;
}

/**
 * The element of `copy` (a deep clone of `root`) standing where `element` stands in `root`, found
 * by its child positions; null when `element` is not inside `root` or the copy differs there.
 * Saves measuring the copy again for what was already found in the original.
 */
export function correspondingElement(root: Element, copy: Element, element: Element): Element | null {
  const positions: number[] = [];
  let current: Element = element;
  while (current !== root) {
    const parent: Element | null = current.parentElement;
    if (!parent) return null;
    positions.push(Array.prototype.indexOf.call(parent.children, current));
    current = parent;
  }
  let found: Element | undefined = copy;
  for (let i = positions.length - 1; i >= 0 && found; i--) found = found.children[positions[i]!];
  return found ?? null;
}

/**
 * The node after `node` in document order within `root` (its first child unless `skipChildren`,
 * else the next sibling of it or of its nearest ancestor below `root`), or null past the end.
 * A loop over it walks a tree of any depth without recursion and without building arrays.
 */
export function nextInTree(node: Node, root: Node, skipChildren = false): Node | null {
  if (!skipChildren && node.firstChild) return node.firstChild;
  let current: Node = node;
  while (current !== root && !current.nextSibling) current = current.parentNode!;
  return current === root ? null : current.nextSibling;
}

import { linkedom } from '../content/dom/linkedom-internals.js';

/** Set while a conversion that no longer changes the tree runs (see withChildNodesMemo). */
let memo: Map<object, unknown> | undefined;

/**
 * linkedom builds a new `childNodes` list on every read, and the GFM table rules read it inside
 * loops (`node.childNodes[i]` for each i, for every node of every table: quadratic in a
 * table's width, and an array per read). While a memo is set, each node's list is built once.
 * Installed once; outside a memo the getter is linkedom's.
 */
export function installChildNodesMemo(): void {
  const prototype = linkedom?.parentNodePrototype;
  const descriptor = prototype && Object.getOwnPropertyDescriptor(prototype, 'childNodes');
  const read = descriptor?.get;
  if (!prototype || !read || installed) return;
  installed = true;
  Object.defineProperty(prototype, 'childNodes', {
    configurable: true,
    enumerable: descriptor.enumerable ?? false,
    get(this: object): unknown {
      if (!memo) return read.call(this);
      let list = memo.get(this);
      if (list === undefined) {
        list = read.call(this);
        memo.set(this, list);
      }
      return list;
    },
  });
}

let installed = false;

/**
 * Runs `convert` with each node's child list read once. Only for work that leaves the tree's
 * structure as it is while it reads child lists: turndown's whitespace pass removes nodes, but
 * before anything reads a child list (it walks firstChild and nextSibling), then only reads. A
 * call inside another keeps the outer memo.
 */
export function withChildNodesMemo<T>(convert: () => T): T {
  if (memo) return convert();
  memo = new Map();
  try {
    return convert();
  } finally {
    memo = undefined;
  }
}

import { HTMLElement } from './dom.js';

/** Set while a conversion that does not change the tree runs (see withTableRowsMemo). */
let memo: WeakMap<Element, Element[]> | undefined;

/**
 * linkedom parses <table> as a plain HTMLElement without the DOM's `rows` collection, which
 * the GFM table rules read to lay a table out; without it every table comes out as loose cells.
 * This adds the standard getter (undefined for other elements, as before), once.
 */
export function installTableRows(): void {
  const prototype = HTMLElement.prototype as object;
  if ('rows' in prototype) return;
  Object.defineProperty(prototype, 'rows', {
    configurable: true,
    get(this: Element): Element[] | undefined {
      if (this.tagName !== 'TABLE') return undefined;
      let rows = memo?.get(this);
      if (!rows) {
        rows = ownRows(this);
        memo?.set(this, rows);
      }
      return rows;
    },
  });
}

/**
 * Runs `convert` with each table's rows found once: the GFM rules read `table.rows` again for
 * every row and cell, which is quadratic in a table's size. Only for work that leaves the tree
 * as it is (turndown reads it and builds a string).
 */
export function withTableRowsMemo<T>(convert: () => T): T {
  const outer = memo;
  memo = new WeakMap();
  try {
    return convert();
  } finally {
    memo = outer;
  }
}

/** The table's own rows in document order, not those of tables nested in its cells. */
function ownRows(table: Element): Element[] {
  const rows: Element[] = [];
  const walk = (parent: Element): void => {
    for (const child of Array.from(parent.children)) {
      if (child.tagName === 'TR') rows.push(child);
      if (child.tagName !== 'TABLE') walk(child);
    }
  };
  walk(table);
  return rows;
}

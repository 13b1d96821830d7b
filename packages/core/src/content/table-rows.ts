import { HTMLElement } from 'linkedom';

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
      // The table's own rows in document order, not those of tables nested in its cells.
      return Array.from(this.querySelectorAll('tr')).filter((row) => row.closest('table') === this);
    },
  });
}

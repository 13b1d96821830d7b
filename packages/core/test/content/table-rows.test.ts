import { describe, expect, it } from 'vitest';
import { parseHtml } from '../../src/content/dom/parse.js';
import { installTableRows, withTableRowsMemo } from '../../src/content/dom/table-rows.js';

installTableRows();

const NESTED = `<table id="outer">
  <thead><tr><th>Ship</th><th>Crew</th></tr></thead>
  <tbody>
    <tr><td>Ferry</td><td><table id="inner"><tr><td>Anna</td></tr><tr><td>Ben</td></tr></table></td></tr>
    <tr><td>Tanker</td><td>12</td></tr>
  </tbody>
</table>`;

const rowsOf = (table: Element) => (table as Element & { rows: Element[] }).rows;

describe('table.rows on linkedom', () => {
  it("lists a table's own rows in document order, not those of a table nested in a cell", () => {
    const document = parseHtml(NESTED);
    const outer = document.getElementById('outer')!;
    const inner = document.getElementById('inner')!;
    expect(rowsOf(outer).map((row) => row.firstElementChild?.textContent)).toEqual(['Ship', 'Ferry', 'Tanker']);
    expect(rowsOf(inner).map((row) => row.textContent)).toEqual(['Anna', 'Ben']);
    expect((document.body as Element & { rows?: unknown }).rows).toBeUndefined();
  });

  it('is read once per table inside a conversion, and live outside one', () => {
    const document = parseHtml(NESTED);
    const outer = document.getElementById('outer')!;
    withTableRowsMemo(() => {
      const first = rowsOf(outer);
      expect(rowsOf(outer)).toBe(first);
    });
    rowsOf(outer)[2]!.remove();
    expect(rowsOf(outer)).toHaveLength(2);
    expect(rowsOf(outer)).not.toBe(rowsOf(outer));
  });
});

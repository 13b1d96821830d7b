import type { Cell, Line, Span } from './pdf-lines.js';
import { wordBoundary } from './pdf-lines.js';

/** A table found in the layout: rows of cell spans, the first row its header. */
export interface TableBlock {
  kind: 'table';
  rows: Span[][][];
}

/**
 * Rows of a table: consecutive lines of two or more cells each, close together. Their cells'
 * left edges, gathered across the rows, are the columns; a cell that spans a column start
 * (a reader joined two cells whose gap was narrow) is cut there, at the nearest space.
 */
export function tableFromLines(lines: readonly Line[]): TableBlock | undefined {
  if (lines.length < 2) return undefined;
  const tolerance = Math.max(...lines.map((line) => line.size)) * 0.8;
  // A column starts where cells of two or more rows start (a centred header cell starts nowhere
  // else), or where a cell of the fullest row does.
  const columns = sharedStarts(lines, tolerance);
  if (columns.length < 2 || columns.length > 30) return undefined;
  const rows = lines.map((line) => {
    const row: Span[][] = columns.map(() => []);
    for (const cell of line.cells.flatMap((cell) => splitAtColumns(cell, columns, tolerance))) {
      const index = columnOf(cell.x + Math.min(cell.right - cell.x, tolerance * 4) / 2, columns, tolerance);
      const target = row[index]!;
      if (target.length) target.push({ text: ' ' });
      target.push(...cell.spans);
    }
    return row;
  });
  // A table whose rows fill only one column is text that happened to have a wide gap.
  const filled = rows.filter((row) => row.filter((cell) => cell.length).length >= 2).length;
  return filled >= 2 ? { kind: 'table', rows } : undefined;
}

function sharedStarts(lines: readonly Line[], tolerance: number): number[] {
  const fullest = Math.max(...lines.map((line) => line.cells.length));
  const starts = lines
    .flatMap((line, row) => line.cells.map((cell) => ({ x: cell.x, row, full: line.cells.length === fullest })))
    .sort((a, b) => a.x - b.x);
  const columns: number[] = [];
  let group: Array<{ x: number; row: number; full: boolean }> = [];
  // A start only one row has, inside the cells of two or more other rows, is a centred header
  // cell (Chromium prints <th> centred over a column of left-aligned cells): no column starts there.
  const insideOtherRows = (x: number, row: number) =>
    lines.filter((line, other) => other !== row && line.cells.some((cell) => cell.x < x - tolerance && cell.right > x + tolerance))
      .length >= 2;
  const close = () => {
    const rows = new Set(group.map((start) => start.row));
    const first = group[0]!;
    if (rows.size >= 2 || (group.some((start) => start.full) && !(rows.size === 1 && insideOtherRows(first.x, first.row))))
      columns.push(first.x);
    group = [];
  };
  for (const start of starts) {
    if (group.length && start.x - group[group.length - 1]!.x > tolerance) close();
    group.push(start);
  }
  close();
  return columns;
}

function columnOf(x: number, columns: readonly number[], tolerance: number): number {
  let index = 0;
  for (let i = 0; i < columns.length; i++) if (columns[i]! <= x + tolerance) index = i;
  return index;
}

function splitAtColumns(cell: Cell, columns: readonly number[], tolerance: number): Cell[] {
  const inside = columns.filter((x) => x > cell.x + tolerance && x < cell.right - tolerance);
  if (!inside.length || cell.spans.some((span) => span.href)) return [cell];
  const text = cell.spans.map((span) => span.text).join('');
  const pieces: Cell[] = [];
  let at = 0;
  let left = cell.x;
  for (const x of inside) {
    const cut = wordBoundary(text, Math.round((x - cell.x) / cell.charWidth));
    if (cut <= at || cut >= text.length) continue;
    pieces.push({ x: left, right: x, spans: [{ text: text.slice(at, cut).trim() }], charWidth: cell.charWidth });
    at = cut;
    left = x;
  }
  pieces.push({ x: left, right: cell.right, spans: [{ text: text.slice(at).trim() }], charWidth: cell.charWidth });
  return pieces;
}

import { escapeHtml, tableHtml } from './html-text.js';
import { trimTable } from './odf-text.js';

/** One sheet of a workbook: its name and its cells' text, row by row. */
export interface Sheet {
  name: string;
  rows: string[][];
}

/** Rows of one sheet written to the Document; past them, a warning says how many were left out. */
export const MAX_SHEET_ROWS = 10_000;

/** Sheets as Markdown, written directly: one GFM table per sheet under its name. Pure. */
export function sheetsMarkdown(sheets: readonly Sheet[]): string {
  return sheets
    .map((sheet) => {
      const rows = trimTable(sheet.rows.map((row) => row.map(markdownCell))).slice(0, MAX_SHEET_ROWS);
      if (!rows.length) return `## ${sheet.name}\n\n(empty sheet)`;
      const [head, ...body] = rows;
      const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
      return [`## ${sheet.name}`, '', line(head!), line(head!.map(() => '---')), ...body.map(line)].join('\n');
    })
    .join('\n\n');
}

/** A cell as Markdown table text: pipes escaped, line breaks as <br>, Markdown's own characters escaped. */
function markdownCell(cell: string): string {
  return cell
    .trim()
    .replace(/([\\`*_[\]|<>])/g, '\\$1')
    .replace(/\r?\n/g, '<br>');
}

/**
 * Sheets as HTML: each sheet's name as a heading and its used range as one table, its first row
 * the header. Pure. Rows past MAX_SHEET_ROWS are left out, with a warning.
 */
export function sheetsHtml(sheets: readonly Sheet[], warnings: string[]): string {
  return sheets
    .map((sheet) => {
      const rows = trimTable(sheet.rows.map((row) => row.map((cell) => escapeHtml(cell.trim()).replace(/\r?\n/g, '<br>'))));
      if (rows.length > MAX_SHEET_ROWS)
        warnings.push(`Sheet "${sheet.name}" has ${rows.length} rows; only the first ${MAX_SHEET_ROWS} were kept.`);
      const table = rows.length ? tableHtml(rows.slice(0, MAX_SHEET_ROWS)) : '<p>(empty sheet)</p>';
      return `<h2>${escapeHtml(sheet.name)}</h2>\n${table}`;
    })
    .join('\n');
}

import { escapeHtml, tableHtml } from './html-text.js';
import { trimTable } from './odf-text.js';

/** One sheet of a workbook: its name and its cells' text, row by row. */
export interface Sheet {
  name: string;
  rows: string[][];
}

/** Rows of one sheet written to the Document; past them, a warning says how many were left out. */
export const MAX_SHEET_ROWS = 10_000;

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

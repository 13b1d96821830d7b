import type { DocumentReading } from './reading.js';
import { type Sheet, sheetsHtml, sheetsMarkdown } from './sheets.js';

/** The delimiter of the first line's fields: the one of comma, semicolon and tab found most outside quotes. */
export function sniffDelimiter(text: string): string {
  const counts = new Map([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const char of text.slice(0, 10_000)) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]![1] > 0 ? [...counts].sort((a, b) => b[1] - a[1])[0]![0] : ',';
}

/** RFC 4180 rows: quoted fields may hold delimiters, quotes ("") and line breaks. Pure. */
export function parseCsv(text: string, delimiter = sniffDelimiter(text)): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === delimiter) {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** A CSV file as one table (UTF-8, a byte-order mark dropped); its name is the sheet's. */
export function readCsv(name: string, body: Uint8Array): DocumentReading {
  const text = new TextDecoder('utf-8').decode(body).replace(/^\uFEFF/, '');
  const sheet: Sheet = { name: name.replace(/\.csv$/i, '') || 'Sheet 1', rows: parseCsv(text) };
  const warnings: string[] = [];
  return {
    format: 'csv',
    parts: [sheetsHtml([sheet], warnings)],
    markdown: sheetsMarkdown([sheet]),
    extra: { rows: sheet.rows.length },
    warnings,
  };
}

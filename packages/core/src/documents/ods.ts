import type { ZipLimits } from './bounded-zip.js';
import { odfTableRows } from './odf-text.js';
import { odfInfo, odfParts } from './odt.js';
import type { DocumentReading } from './reading.js';
import { type Sheet, sheetsHtml, sheetsMarkdown } from './sheets.js';
import { descendants } from './xml.js';

/** An OpenDocument spreadsheet: one table per sheet, under the sheet's name. */
export function readOds(name: string, body: Uint8Array, limits?: ZipLimits): DocumentReading {
  const { content, meta } = odfParts(name, body, limits);
  const sheets: Sheet[] = descendants(content, 'table:table').map((table, index) => ({
    name: table.getAttribute('table:name') || `Sheet ${index + 1}`,
    rows: odfTableRows(table, (cell) =>
      descendants(cell, 'text:p')
        .map((p) => p.textContent ?? '')
        .join('\n'),
    ),
  }));
  const warnings: string[] = [];
  return {
    format: 'ods',
    parts: [sheetsHtml(sheets, warnings)],
    markdown: sheetsMarkdown(sheets),
    ...odfInfo(meta),
    extra: { sheets: sheets.length },
    warnings,
  };
}

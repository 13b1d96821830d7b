import { partText, type ZipLimits, unzipBounded } from './bounded-zip.js';
import { documentUnreadable } from './document-errors.js';
import { parseXmlSafe } from './docx.js';
import type { DocumentReading } from './reading.js';
import { type Sheet, sheetsHtml, sheetsMarkdown } from './sheets.js';
import { coreProperty, descendants, parseXml, type XmlElement } from './xml.js';

/** Columns read per row: a cell past it (XFD is 16,384) is ignored. */
const MAX_COLUMNS = 1000;

/**
 * An Excel workbook (XLSX) read from its parts: the workbook's sheet names and order, shared
 * strings, and each sheet's cells as their stored values (numbers as stored, so a date shows as
 * its serial number and a formula as its last result).
 */
export function readXlsx(name: string, body: Uint8Array, limits?: ZipLimits): DocumentReading {
  const parts = unzipBounded(name, body, (path) => path.startsWith('xl/') || path === 'docProps/core.xml', limits);
  const workbook = parseXmlSafe(partText(parts, 'xl/workbook.xml'));
  if (!workbook) throw documentUnreadable(name, 'it has no readable xl/workbook.xml part');
  const targets = relationshipTargets(parseXmlSafe(partText(parts, 'xl/_rels/workbook.xml.rels')));
  const shared = sharedStrings(parseXmlSafe(partText(parts, 'xl/sharedStrings.xml')));
  const sheets: Sheet[] = descendants(workbook, 'sheet').map((sheet, index) => {
    const target = targets.get(sheet.getAttribute('r:id') ?? '') ?? `worksheets/sheet${index + 1}.xml`;
    const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
    const xml = partText(parts, path);
    return { name: sheet.getAttribute('name') || `Sheet ${index + 1}`, rows: xml ? sheetRows(parseXml(xml), shared) : [] };
  });
  const core = parseXmlSafe(partText(parts, 'docProps/core.xml'));
  const title = coreProperty(core, 'dc:title');
  const author = coreProperty(core, 'dc:creator');
  const warnings: string[] = [];
  return {
    format: 'xlsx',
    parts: [sheetsHtml(sheets, warnings)],
    markdown: sheetsMarkdown(sheets),
    ...(title ? { title } : {}),
    ...(author ? { author } : {}),
    extra: { sheets: sheets.length },
    warnings,
  };
}

/** Relationship ids to their targets (a part's `_rels`). */
export function relationshipTargets(rels: XmlElement | undefined): Map<string, string> {
  const targets = new Map<string, string>();
  for (const rel of rels ? descendants(rels, 'Relationship') : []) {
    const id = rel.getAttribute('Id');
    const target = rel.getAttribute('Target');
    if (id && target) targets.set(id, target);
  }
  return targets;
}

function sharedStrings(root: XmlElement | undefined): string[] {
  return root
    ? descendants(root, 'si').map((item) =>
        descendants(item, 't')
          .map((t) => t.textContent ?? '')
          .join(''),
      )
    : [];
}

function sheetRows(sheet: XmlElement | undefined, shared: readonly string[]): string[][] {
  const rows: string[][] = [];
  for (const row of sheet ? descendants(sheet, 'row') : []) {
    const index = Number(row.getAttribute('r')) - 1;
    const cells: string[] = [];
    for (const cell of Array.from(row.children)) {
      if (cell.tagName !== 'c') continue;
      const column = columnIndex(cell.getAttribute('r')) ?? cells.length;
      if (column >= MAX_COLUMNS) continue;
      cells[column] = cellText(cell, shared);
    }
    rows[Number.isSafeInteger(index) && index >= 0 && index < rows.length + 10_000 ? index : rows.length] = Array.from(
      cells,
      (cell) => cell ?? '',
    );
  }
  return Array.from(rows, (row) => row ?? []);
}

function columnIndex(reference: string | null): number | undefined {
  const letters = /^([A-Z]{1,3})\d*$/.exec(reference ?? '')?.[1];
  if (!letters) return undefined;
  let index = 0;
  for (const letter of letters) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
}

function cellText(cell: XmlElement, shared: readonly string[]): string {
  const type = cell.getAttribute('t');
  const value = descendants(cell, 'v')[0]?.textContent ?? '';
  if (type === 's') return shared[Number(value)] ?? '';
  if (type === 'inlineStr')
    return descendants(cell, 't')
      .map((t) => t.textContent ?? '')
      .join('');
  if (type === 'b') return value === '1' ? 'TRUE' : 'FALSE';
  return value;
}

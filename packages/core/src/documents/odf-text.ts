import { escapeHtml, tableHtml } from './html-text.js';
import { type XmlElement, child } from './xml.js';

/**
 * OpenDocument text (ODT content, and the text boxes of ODP slides) as HTML: headings by their
 * outline level, paragraphs, lists, tables, links, line breaks and images' titles as alt text.
 * Pure: it walks an already parsed content.xml.
 */
export function odfBlocksHtml(parent: XmlElement): string {
  return Array.from(parent.children).map(odfBlockHtml).join('\n');
}

function odfBlockHtml(element: XmlElement): string {
  switch (element.tagName) {
    case 'text:h': {
      const level = Math.min(6, Math.max(1, Number(element.getAttribute('text:outline-level')) || 1));
      return `<h${level}>${odfInlineHtml(element)}</h${level}>`;
    }
    case 'text:p':
      return paragraph(element);
    case 'text:list': {
      const items = Array.from(element.children)
        .filter((item) => item.tagName === 'text:list-item' || item.tagName === 'text:list-header')
        .map((item) => `<li>${listItemHtml(item)}</li>`);
      return `<ul>${items.join('')}</ul>`;
    }
    case 'table:table':
      return odfTableHtml(element, (cell) => odfBlocksHtml(cell));
    case 'text:section':
    case 'office:text':
    case 'draw:text-box':
      return odfBlocksHtml(element);
    case 'draw:frame':
      return frameHtml(element);
    default:
      return '';
  }
}

/** A list item of one paragraph is its text alone, so the list stays tight. */
function listItemHtml(item: XmlElement): string {
  const children = Array.from(item.children);
  return children.length === 1 && children[0]!.tagName === 'text:p' ? odfInlineHtml(children[0]!) : odfBlocksHtml(item);
}

function paragraph(element: XmlElement): string {
  const inner = odfInlineHtml(element);
  return inner.trim() ? `<p>${inner}</p>` : '';
}

/** A frame's text box, or its image as its title or description (the alt text). */
function frameHtml(frame: XmlElement): string {
  const box = child(frame, 'draw:text-box');
  if (box) return odfBlocksHtml(box);
  if (!child(frame, 'draw:image')) return '';
  const alt = (child(frame, 'svg:title')?.textContent ?? child(frame, 'svg:desc')?.textContent ?? '').trim();
  // No URL: an empty data: URL carries the alt text, as for Word images (see docx.ts).
  return alt ? `<img alt="${escapeHtml(alt)}" src="data:image/png;base64,">` : '';
}

/** The inline content of a paragraph or heading: text, spaces, tabs, breaks, links, spans. */
export function odfInlineHtml(element: XmlElement): string {
  let html = '';
  for (const node of Array.from(element.childNodes)) {
    if (node.nodeType === 3) {
      html += escapeHtml(node.textContent ?? '');
      continue;
    }
    if (node.nodeType !== 1) continue;
    const inner = node as unknown as XmlElement;
    switch (inner.tagName) {
      case 'text:s':
        html += ' '.repeat(Math.min(100, Number(inner.getAttribute('text:c')) || 1));
        break;
      case 'text:tab':
        html += ' ';
        break;
      case 'text:line-break':
        html += '<br>';
        break;
      case 'text:a': {
        const href = inner.getAttribute('xlink:href');
        html += href ? `<a href="${escapeHtml(href)}">${odfInlineHtml(inner)}</a>` : odfInlineHtml(inner);
        break;
      }
      case 'draw:frame':
        html += frameHtml(inner);
        break;
      case 'text:note':
      case 'office:annotation':
        break;
      default:
        html += odfInlineHtml(inner);
    }
  }
  return html;
}

/** Repeated rows and columns are written once per repeat, up to these: a sheet's trailing "repeat a million empty rows" stays cheap. */
const MAX_REPEAT = 1000;

/** The rows of an OpenDocument table, each cell through `cellHtml`; trailing empty rows and columns dropped. */
export function odfTableRows(table: XmlElement, cellHtml: (cell: XmlElement) => string): string[][] {
  const rows: string[][] = [];
  const rowElements = Array.from(table.children).flatMap((node) =>
    node.tagName === 'table:table-row'
      ? [node]
      : node.tagName.startsWith('table:table-')
        ? Array.from(node.children).filter((row) => row.tagName === 'table:table-row')
        : [],
  );
  for (const row of rowElements) {
    const cells: string[] = [];
    for (const cell of Array.from(row.children)) {
      if (cell.tagName !== 'table:table-cell' && cell.tagName !== 'table:covered-table-cell') continue;
      const html = cellHtml(cell).trim();
      const repeat = Math.min(MAX_REPEAT, Number(cell.getAttribute('table:number-columns-repeated')) || 1);
      for (let i = 0; i < repeat; i++) cells.push(html);
    }
    const repeat = Math.min(MAX_REPEAT, Number(row.getAttribute('table:number-rows-repeated')) || 1);
    for (let i = 0; i < repeat; i++) rows.push(cells);
  }
  return trimTable(rows);
}

function odfTableHtml(table: XmlElement, cellHtml: (cell: XmlElement) => string): string {
  return tableHtml(odfTableRows(table, cellHtml));
}

/** Drops empty rows at the end and empty columns at the right, and pads rows to one width. */
export function trimTable(rows: string[][]): string[][] {
  let last = rows.length;
  while (last > 0 && rows[last - 1]!.every((cell) => !cell)) last--;
  const kept = rows.slice(0, last);
  const width = Math.max(0, ...kept.map((row) => row.reduce((w, cell, index) => (cell ? index + 1 : w), 0)));
  return kept.map((row) => Array.from({ length: width }, (_, index) => row[index] ?? ''));
}

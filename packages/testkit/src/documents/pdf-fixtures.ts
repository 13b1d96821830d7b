import { documentContent as c } from './content.js';
import { buildPdf, type PdfLine } from './pdf-builder.js';

const LEFT = 72;
const BODY = 11;

function tableLines(top: number): PdfLine[] {
  return c.table.flatMap((row, index) =>
    row.map(
      (cell, column): PdfLine => ({
        text: cell,
        x: LEFT + column * 120,
        y: top - index * 16,
        size: BODY,
        ...(index === 0 ? { bold: true } : {}),
      }),
    ),
  );
}

/**
 * The report as a two-page PDF laid out as a word processor would print it: a large bold title,
 * a paragraph wrapped with a hyphenated word, a smaller heading, a bulleted list, a paragraph with
 * a link, a bold run-in heading at body size, a table of aligned cells, and a second page.
 */
export function reportPdf(options: { encrypted?: boolean } = {}): Buffer {
  return buildPdf({
    title: c.title,
    author: c.author,
    ...(options.encrypted ? { encrypted: true } : {}),
    pages: [
      {
        lines: [
          { text: c.title, x: LEFT, y: 770, size: 24, bold: true },
          { text: c.paragraph, x: LEFT, y: 735, size: BODY },
          { text: 'Long words such as docu-', x: LEFT, y: 721, size: BODY },
          { text: 'mentation are joined again across lines.', x: LEFT, y: 707, size: BODY },
          { text: c.heading, x: LEFT, y: 670, size: 16, bold: true },
          { text: `\u2022 ${c.items[0]}`, x: LEFT + 18, y: 645, size: BODY },
          { text: `\u2022 ${c.items[1]}`, x: LEFT + 18, y: 631, size: BODY },
          { text: `Read ${c.link.text} for more.`, x: LEFT, y: 600, size: BODY, link: { href: c.link.href, text: c.link.text } },
          { text: c.subheading, x: LEFT, y: 570, size: BODY, bold: true },
          ...tableLines(548),
        ],
      },
      {
        lines: [
          { text: c.secondHeading, x: LEFT, y: 770, size: 16, bold: true },
          { text: c.secondParagraph, x: LEFT, y: 745, size: BODY },
        ],
      },
    ],
  });
}

/** A PDF whose page is an image and nothing else (drawn shapes here): no text layer, as a scan. */
export function scannedPdf(): Buffer {
  return buildPdf({ title: 'Scanned letter', pages: [{ lines: [], drawing: '0.2 0.2 0.2 rg 72 400 450 300 re f' }] });
}

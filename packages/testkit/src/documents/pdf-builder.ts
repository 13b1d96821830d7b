/** A line of text on a PDF page: Helvetica, or Helvetica-Bold when `bold`. */
export interface PdfLine {
  text: string;
  x: number;
  y: number;
  size: number;
  bold?: boolean;
  /** A link annotation over the line's `linkText` (or the whole line). */
  link?: { href: string; text?: string };
}

export interface PdfPageSpec {
  lines: PdfLine[];
  /** Extra drawing operators (a scanned page is shapes and no text). */
  drawing?: string;
}

export interface PdfSpec {
  pages: PdfPageSpec[];
  title?: string;
  author?: string;
  /** Adds a standard security handler whose user password is not empty: readers must ask for it. */
  encrypted?: boolean;
}

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
/** Helvetica's average advance per character at size 1: close enough to place a link's rectangle. */
const CHAR_WIDTH = 0.46;

/** A literal string in WinAnsiEncoding: the bullet is byte 0x95 there. */
function pdfString(text: string): string {
  return `(${text.replace(/[\\()]/g, (char) => `\\${char}`).replace(/\u2022/g, '\x95')})`;
}

/**
 * A PDF 1.4 file built by hand: pages of positioned text in Helvetica and Helvetica-Bold, link
 * annotations, document info, optionally an /Encrypt dictionary, and a correct cross-reference
 * table. ASCII only, so string offsets are byte offsets.
 */
export function buildPdf(spec: PdfSpec): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add('PAGES');
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  const pageIds: number[] = [];
  for (const page of spec.pages) {
    const stream = [
      ...page.lines.map((line) => `BT /${line.bold ? 'F2' : 'F1'} ${line.size} Tf ${line.x} ${line.y} Td ${pdfString(line.text)} Tj ET`),
      ...(page.drawing ? [page.drawing] : []),
    ].join('\n');
    add(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
    const contentId = objects.length;
    const annotIds = page.lines
      .filter((line) => line.link)
      .map((line) => {
        const target = line.link!.text ?? line.text;
        const start = line.x + Math.max(0, line.text.indexOf(target)) * line.size * CHAR_WIDTH;
        const rect = [start, line.y - 2, start + target.length * line.size * CHAR_WIDTH, line.y + line.size]
          .map((n) => n.toFixed(1))
          .join(' ');
        add(`<< /Type /Annot /Subtype /Link /Rect [${rect}] /Border [0 0 0] /A << /S /URI /URI ${pdfString(line.link!.href)} >> >>`);
        return objects.length;
      });
    add(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Contents ${contentId} 0 R /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >>${
        annotIds.length ? ` /Annots [${annotIds.map((id) => `${id} 0 R`).join(' ')}]` : ''
      } >>`,
    );
    pageIds.push(objects.length);
  }
  objects[1] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  const info = [spec.title ? `/Title ${pdfString(spec.title)}` : '', spec.author ? `/Author ${pdfString(spec.author)}` : ''].join(' ');
  add(`<< ${info} /Producer (Trawl testkit) >>`);
  const infoId = objects.length;
  let encryptId: number | undefined;
  if (spec.encrypted) {
    const filler = 'AB'.repeat(32);
    add(`<< /Filter /Standard /V 1 /R 2 /O <${filler}> /U <${'CD'.repeat(32)}> /P -44 >>`);
    encryptId = objects.length;
  }
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  const id = '<0123456789ABCDEF0123456789ABCDEF>';
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${infoId} 0 R${encryptId ? ` /Encrypt ${encryptId} 0 R` : ''} /ID [${id} ${id}] >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

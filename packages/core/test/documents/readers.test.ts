import { brokenDocumentFixtures, buildPdf, documentFixtures, zipArchive } from '@trawl/testkit';
import { describe, expect, it } from 'vitest';
import { unzipBounded } from '../../src/documents/bounded-zip.js';
import { parseCsv, sniffDelimiter } from '../../src/documents/csv.js';
import { sheetsMarkdown } from '../../src/documents/sheets.js';
import { detectDocumentFormat } from '../../src/documents/formats.js';
import type { PdfContent, PdfTextRun } from '../../src/documents/pdf/pdf-content.js';
import { blocksHtml } from '../../src/documents/pdf/pdf-html.js';
import { layoutPdf } from '../../src/documents/pdf/pdf-layout.js';
import { readPdf } from '../../src/documents/pdf/read-pdf.js';

describe('detectDocumentFormat', () => {
  it('goes by the bytes first, whatever the Content-Type says', () => {
    for (const [format, fixture] of Object.entries(documentFixtures)) {
      const bytes = fixture.bytes();
      expect(detectDocumentFormat(fixture.type, bytes, fixture.path), format).toBe(format);
      // CSV is text: only its type or name says what it is.
      if (format !== 'csv') expect(detectDocumentFormat('application/octet-stream', bytes), format).toBe(format);
    }
    expect(detectDocumentFormat('application/pdf', Buffer.from('<html></html>'))).toBeUndefined();
    expect(detectDocumentFormat('text/html', documentFixtures.pdf.bytes())).toBe('pdf');
    expect(detectDocumentFormat('application/zip', zipArchive([{ path: 'a.txt', data: 'a' }]))).toBeUndefined();
    expect(detectDocumentFormat(undefined, Buffer.from('a,b\n1,2\n'), 'prices.csv')).toBe('csv');
    expect(detectDocumentFormat(undefined, Buffer.from('a,b\n1,2\n'), 'prices.txt')).toBeUndefined();
  });
});

describe('CSV', () => {
  it('reads quoted fields, doubled quotes, line breaks in quotes and CRLF', () => {
    expect(parseCsv('a,"b, c","say ""hi"""\r\n1,"two\nlines",3\r\n')).toEqual([
      ['a', 'b, c', 'say "hi"'],
      ['1', 'two\nlines', '3'],
    ]);
  });

  it('finds the delimiter of the first line', () => {
    expect(sniffDelimiter('a;b;c\n1;2;3')).toBe(';');
    expect(sniffDelimiter('a\tb\n1\t2')).toBe('\t');
    expect(sniffDelimiter('"x;y",b,c\n')).toBe(',');
  });
});

describe('sheets as Markdown', () => {
  it('writes one table per sheet, escaping what Markdown would read, trimming empty rows and columns', () => {
    expect(
      sheetsMarkdown([
        {
          name: 'Prices',
          rows: [
            ['Name', 'Note', ''],
            ['a|b', 'two\nlines *bold*', ''],
            ['', '', ''],
          ],
        },
        { name: 'Empty', rows: [] },
      ]),
    ).toBe('## Prices\n\n| Name | Note |\n| --- | --- |\n| a\\|b | two<br>lines \\*bold\\* |\n\n## Empty\n\n(empty sheet)');
  });
});

describe('unzipBounded', () => {
  it('refuses an archive whose parts declare more than the limit, before inflating any', () => {
    const bomb = brokenDocumentFixtures.bombDocx.bytes();
    expect(() => unzipBounded('bomb.docx', bomb, () => true)).toThrow(/decompression bomb/);
    expect(() =>
      unzipBounded(
        'many.zip',
        zipArchive([
          { path: 'a', data: 'a' },
          { path: 'b', data: 'b' },
        ]),
        () => true,
        { maxUnpackedBytes: 100, maxEntries: 1 },
      ),
    ).toThrow(/2 parts \(at most 1 are read\)/);
  });

  it('inflates a part that lies about its size only to the size it declares', () => {
    const lying = zipArchive([{ path: 'big.txt', data: 'x'.repeat(5_000_000) }], () => 1000);
    expect(unzipBounded('lying.zip', lying, () => true).get('big.txt')!.byteLength).toBe(1000);
  });
});

const run = (text: string, x: number, y: number, size: number, font = 'regular'): PdfTextRun => ({
  text,
  x,
  y,
  size,
  font,
  width: text.length * size * 0.5,
});
const page = (runs: PdfTextRun[]): PdfContent => ({ numPages: 1, pages: [{ number: 1, runs, links: [] }] });

describe('PDF layout', () => {
  it('ranks heading sizes, keeps body text in paragraphs, numbers and bullets as lists', () => {
    const html = blocksHtml(
      layoutPdf(
        page([
          run('Big title', 50, 800, 24, 'bold'),
          run('Body text that runs on', 50, 770, 10),
          run('and on.', 50, 758, 10),
          run('Section', 50, 730, 16, 'bold'),
          run('1. First step', 50, 710, 10),
          run('2. Second step', 50, 698, 10),
          run('Run-in heading', 50, 670, 10, 'bold'),
          run('More body text, long enough to be the body.', 50, 655, 10),
        ]),
      ).pages[0]!.blocks,
    );
    expect(html).toBe(
      [
        '<h1>Big title</h1>',
        '<p>Body text that runs on and on.</p>',
        '<h2>Section</h2>',
        '<ol><li>First step</li><li>Second step</li></ol>',
        '<h3>Run-in heading</h3>',
        '<p>More body text, long enough to be the body.</p>',
      ].join('\n'),
    );
  });

  it("drops the hyphen of a word broken across lines, and keeps a compound's", () => {
    const html = blocksHtml(
      layoutPdf(
        page([
          run('A well-known fact about the well and what is known: the docu-', 50, 800, 10),
          run('mentation says it is a well-', 50, 788, 10),
          run('known fact.', 50, 776, 10),
        ]),
      ).pages[0]!.blocks,
    );
    expect(html).toBe('<p>A well-known fact about the well and what is known: the documentation says it is a well-known fact.</p>');
  });

  it('reads aligned cells as a table, cutting a cell a reader merged across a column start', () => {
    const html = blocksHtml(
      layoutPdf(
        page([
          run('Some body text before the table.', 50, 800, 10),
          run('Name', 50, 780, 10),
          run('Price', 150, 780, 10),
          run('Anchor', 50, 765, 10),
          run('12.50', 150, 765, 10),
          // One run across both columns: "Long rope name" ends before 150, then "4.00".
          { text: 'Long rope 4.00', x: 50, y: 750, size: 10, font: 'regular', width: 130 },
        ]),
      ).pages[0]!.blocks,
    );
    expect(html).toContain(
      '<table><thead><tr><th>Name</th><th>Price</th></tr></thead><tbody><tr><td>Anchor</td><td>12.50</td></tr><tr><td>Long rope</td><td>4.00</td></tr></tbody></table>',
    );
  });

  it('drops running headers and page numbers, keeping a top line that changes from page to page', () => {
    const pages = [1, 2, 3, 4].map((number) => ({
      number,
      runs: [
        run('Annual report 2026', 50, 820, 9),
        run(`Chapter heading ${number}`, 50, 780, 18),
        run(`Body text of page ${number}, long enough to be the body of the page.`, 50, 760, 10),
        run(`Page ${number} of 4`, 280, 40, 9),
      ],
      links: [],
    }));
    const layout = layoutPdf({ numPages: 4, pages });
    const html = layout.pages.map((p) => blocksHtml(p.blocks)).join('\n');
    expect(html).not.toContain('Annual report');
    expect(html).not.toMatch(/Page \d of 4/);
    expect(html).toContain('<h1>Chapter heading 3</h1>');
    expect(html).toContain('Body text of page 4');
  });

  it('reads a hand-built PDF: runs, link areas and document info', async () => {
    const pdf = buildPdf({
      title: 'Info title',
      author: 'Info author',
      pages: [
        { lines: [{ text: 'Visit the site now', x: 72, y: 700, size: 12, link: { href: 'https://example.com/', text: 'the site' } }] },
      ],
    });
    const content = await readPdf('x.pdf', pdf);
    expect(content).toMatchObject({ numPages: 1, title: 'Info title', author: 'Info author' });
    expect(content.pages[0]!.runs.map((r) => r.text).join('')).toBe('Visit the site now');
    expect(content.pages[0]!.links).toEqual([{ url: 'https://example.com/', rect: expect.any(Array) }]);
  });
});

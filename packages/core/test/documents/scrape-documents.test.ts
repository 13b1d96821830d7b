import {
  brokenDocumentFixtures,
  documentContent as c,
  documentFixtures,
  type FixtureSite,
  startFixtureSite,
  stockSheet,
} from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConvertPool, parse, scrape } from '../../src/index.js';

/** Every document format through scrape(), as a web page would go: Markdown with structure, metadata, links. */
let site: FixtureSite;
const pool = new ConvertPool({ threads: 1, deadlineMs: 20_000 });
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(async () => {
  await pool.close();
  await site?.close();
});

const url = (path: string) => `${site.url}${path}`;
const tableRows = (rows: readonly (readonly string[])[]) =>
  rows.map((row) => new RegExp(`\\|\\s*${row.map((cell) => cell.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s*\\|\\s*')}\\s*\\|`));

describe('scrape() of a PDF', () => {
  it('gives Markdown with headings, a re-joined paragraph, a list, a link, a table and the document info', async () => {
    const doc = await scrape(url(documentFixtures.pdf.path), { formats: ['markdown', 'links'], convertPool: pool });
    const markdown = doc.markdown!;
    expect(markdown).toMatch(new RegExp(`^# ${c.title}$`, 'm'));
    expect(markdown).toMatch(new RegExp(`^## ${c.heading}$`, 'm'));
    expect(markdown).toMatch(new RegExp(`^### ${c.subheading}$`, 'm'));
    expect(markdown).toMatch(new RegExp(`^## ${c.secondHeading}$`, 'm'));
    // Two printed lines, one paragraph; "docu-" + "mentation" whole again.
    expect(markdown).toContain(`${c.paragraph} Long words such as documentation are joined again across lines.`);
    for (const item of c.items) expect(markdown).toMatch(new RegExp(`^-\\s+${item}$`, 'm'));
    expect(markdown).toContain(`Read [${c.link.text}](${c.link.href}) for more.`);
    for (const row of tableRows(c.table)) expect(markdown).toMatch(row);
    expect(markdown).toContain(c.secondParagraph);
    expect(doc.links).toEqual([c.link.href]);
    expect(doc.metadata).toMatchObject({ title: c.title, author: c.author, numPages: 2, statusCode: 200, contentType: 'application/pdf' });
    expect(doc.warning).toBeUndefined();
  });

  it('is the same Document in a conversion thread as in the calling thread', async () => {
    const pooled = await scrape(url(documentFixtures.pdf.path), { formats: ['markdown', 'html', 'links'], convertPool: pool });
    const inThread = await scrape(url(documentFixtures.pdf.path), { formats: ['markdown', 'html', 'links'], convertPool: false });
    expect(pooled).toEqual(inThread);
  });

  it('marks pages, lists each page and stops at maxPages when asked', async () => {
    const marked = await scrape(url(documentFixtures.pdf.path), { pdfOptions: { pageMarkers: true, pages: true }, convertPool: false });
    expect(marked.markdown).toContain(`\n\n---\n\n<!-- page 2 -->\n\n## ${c.secondHeading}`);
    expect(marked.markdown).not.toContain('<!-- page 1 -->');
    expect(marked.pages?.map((page) => page.pageNumber)).toEqual([1, 2]);
    expect(marked.pages?.[0]?.markdown).toMatch(new RegExp(`^# ${c.title}`));
    expect(marked.pages?.[1]?.markdown).toBe(`## ${c.secondHeading}\n\n${c.secondParagraph}`);

    const first = await scrape(url(documentFixtures.pdf.path), { pdfOptions: { maxPages: 1 }, convertPool: false });
    expect(first.markdown).not.toContain(c.secondHeading);
    expect(first.metadata.numPages).toBe(2);
    expect(first.warning).toBe("Only the first 1 of the PDF's 2 pages were read.");
  });

  it('returns the file as base64 with parsePDF: false', async () => {
    const doc = await scrape(url(documentFixtures.pdf.path), { parsePDF: false, formats: ['markdown', 'html'], convertPool: false });
    expect(doc.markdown).toBe(documentFixtures.pdf.bytes().toString('base64'));
    expect(doc.html).toBe(doc.markdown);
    expect(doc.metadata.contentType).toBe('application/pdf');
  });

  it('knows a PDF by its bytes when it is served as a generic download', async () => {
    const doc = await scrape(url(brokenDocumentFixtures.unlabelledPdf.path), { convertPool: false });
    expect(doc.markdown).toMatch(new RegExp(`^# ${c.title}`));
    expect(doc.metadata.numPages).toBe(2);
  });

  it('warns that a scanned PDF has no text layer to read', async () => {
    const doc = await scrape(url(brokenDocumentFixtures.scannedPdf.path), { convertPool: pool });
    expect(doc.markdown).toBe('');
    expect(doc.warning).toMatch(/no text layer.*no OCR/);
    expect(doc.metadata.numPages).toBe(1);
  });
});

describe('scrape() of Word and OpenDocument text', () => {
  it.each([
    ['DOCX', documentFixtures.docx.path],
    ['ODT', documentFixtures.odt.path],
  ])('%s keeps headings, the list, the link, the table and the image alt text', async (_, path) => {
    const doc = await scrape(url(path), { formats: ['markdown', 'links'], convertPool: pool });
    const markdown = doc.markdown!;
    expect(markdown).toMatch(new RegExp(`^# ${c.title}$`, 'm'));
    expect(markdown).toMatch(new RegExp(`^## ${c.heading}$`, 'm'));
    expect(markdown).toMatch(new RegExp(`^### ${c.subheading}$`, 'm'));
    expect(markdown).toMatch(new RegExp(`^-\\s+${c.items[0]}\\n-\\s+${c.items[1]}$`, 'm'));
    expect(markdown).toContain(`Read [${c.link.text}](${c.link.href}) for more.`);
    expect(markdown).toContain(`![${c.imageAlt}](<Base64-Image-Removed>)`);
    expect(markdown).toMatch(/^\| Name \| Price \| Qty \|$/m);
    for (const row of tableRows(c.table)) expect(markdown).toMatch(row);
    expect(doc.links).toEqual([c.link.href]);
    expect(doc.metadata).toMatchObject({ title: c.title, author: c.author });
  });
});

describe('scrape() of spreadsheets', () => {
  it.each([
    ['XLSX', documentFixtures.xlsx.path],
    ['ODS', documentFixtures.ods.path],
  ])('%s gives one table per sheet under its name', async (_, path) => {
    const doc = await scrape(url(path), { convertPool: pool });
    const markdown = doc.markdown!;
    expect(markdown.indexOf('## Prices')).toBeLessThan(markdown.indexOf('## Stock'));
    for (const row of tableRows([...c.table, ...stockSheet])) expect(markdown).toMatch(row);
    // The ODS repeats an empty row a million times after the data: none of it is written.
    expect(markdown.split('\n').length).toBeLessThan(20);
    expect(doc.metadata).toMatchObject({ sheets: 2, title: c.title });
  });

  it('CSV becomes a table, quoted fields and all', async () => {
    const doc = await scrape(url(documentFixtures.csv.path), { convertPool: false });
    for (const row of tableRows([...c.table, ['Chain, galvanised', '8.00', '1'], ['Hook "S"', '0.50', '25']]))
      expect(doc.markdown).toMatch(row);
  });
});

describe('scrape() of slides and RTF', () => {
  it.each([
    ['PPTX', documentFixtures.pptx.path, 3],
    ['ODP', documentFixtures.odp.path, 2],
  ])('%s gives one section per slide, headed by its title', async (_, path, slides) => {
    const doc = await scrape(url(path), { formats: ['markdown', 'links'], convertPool: pool });
    const markdown = doc.markdown!;
    expect(markdown).toMatch(new RegExp(`^## Slide 1: ${c.title}$`, 'm'));
    expect(markdown).toMatch(new RegExp(`^## Slide 2: ${c.heading}$`, 'm'));
    expect(markdown).toMatch(new RegExp(`^-\\s+${c.items[0]}\\n-\\s+${c.items[1]}$`, 'm'));
    expect(markdown).toContain(c.paragraph);
    expect(doc.metadata.slides).toBe(slides);
    if (slides === 3) {
      expect(markdown).toContain(`Read [${c.link.text}](${c.link.href}) for more.`);
      for (const row of tableRows(c.table)) expect(markdown).toMatch(row);
    }
  });

  it('RTF keeps headings from outline levels, bullets as a list, the link, the table and accented characters', async () => {
    const doc = await scrape(url(documentFixtures.rtf.path), { convertPool: pool });
    const markdown = doc.markdown!;
    expect(markdown).toMatch(new RegExp(`^# ${c.title}$`, 'm'));
    expect(markdown).toMatch(new RegExp(`^## ${c.heading}$`, 'm'));
    expect(markdown).toMatch(new RegExp(`^-\\s+${c.items[0]}\\n-\\s+${c.items[1]}$`, 'm'));
    expect(markdown).toContain(`Read [${c.link.text}](${c.link.href}) for more.`);
    for (const row of tableRows(c.table)) expect(markdown).toMatch(row);
    expect(markdown).toContain('Café naïve.');
    expect(doc.metadata).toMatchObject({ title: c.title, author: c.author });
  });
});

describe('broken documents', () => {
  it.each([
    [
      'an encrypted PDF',
      brokenDocumentFixtures.encryptedPdf.path,
      'DOCUMENT_UNREADABLE',
      /encrypted\.pdf cannot be read: it is encrypted with a password/,
    ],
    ['a truncated PDF', brokenDocumentFixtures.truncatedPdf.path, 'DOCUMENT_UNREADABLE', /truncated\.pdf cannot be read/],
    ['HTML served as a PDF', brokenDocumentFixtures.notAPdf.path, 'DOCUMENT_UNREADABLE', /not-a\.pdf cannot be read/],
    ['a truncated DOCX', brokenDocumentFixtures.truncatedDocx.path, 'DOCUMENT_UNREADABLE', /not a readable ZIP archive/],
    ['a decompression bomb', brokenDocumentFixtures.bombDocx.path, 'SCRAPE_TOO_LARGE', /decompression bomb/],
    ['a part inflating past its declared size', brokenDocumentFixtures.lyingDocx.path, 'DOCUMENT_UNREADABLE', /lying\.docx cannot be read/],
  ])('%s fails alone with a clear error, in a thread and in the calling thread', async (_, path, code, message) => {
    for (const convertPool of [pool, false] as const) {
      await expect(scrape(url(path), { convertPool })).rejects.toMatchObject({ code, message: expect.stringMatching(message) });
    }
    // The thread that read it still converts the next page.
    expect((await scrape(url(documentFixtures.csv.path), { convertPool: pool })).markdown).toContain('Anchor');
  });
});

describe('parse() of a file the caller has', () => {
  it('reads a document as scrape() would, named by its file', async () => {
    const doc = await parse(documentFixtures.docx.bytes(), { fileName: 'report.docx', convertPool: pool });
    expect(doc.markdown).toMatch(new RegExp(`^# ${c.title}`));
    expect(doc.metadata).toMatchObject({ sourceFile: 'report.docx', sourceURL: 'report.docx', title: c.title });
  });

  it('reads HTML and text by their type or name, and refuses what it cannot read', async () => {
    const html = await parse(Buffer.from('<h1>Uploaded</h1><p>Body text.</p>'), { fileName: 'page.html', convertPool: false });
    expect(html.markdown).toContain('Uploaded');
    await expect(parse(Buffer.from([0x89, 0x50, 0x4e, 0x47]), { fileName: 'photo.png', contentType: 'image/png' })).rejects.toMatchObject({
      code: 'SCRAPE_UNSUPPORTED_CONTENT',
    });
  });

  it('refuses a file over maxBytes before reading it', async () => {
    await expect(parse(documentFixtures.pdf.bytes(), { fileName: 'big.pdf', maxBytes: 100 })).rejects.toMatchObject({
      code: 'SCRAPE_TOO_LARGE',
      message: expect.stringContaining('files of at most 100 bytes are parsed'),
    });
  });
});

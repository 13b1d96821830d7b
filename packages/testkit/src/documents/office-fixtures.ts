import { smallPng } from '../assets/png.js';
import { documentContent as c } from './content.js';
import { type ZipEntry, zipArchive } from './zip.js';

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const coreProps = () =>
  `${XML}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>${esc(c.title)}</dc:title><dc:creator>${esc(c.author)}</dc:creator></cp:coreProperties>`;

const rootRels = (target: string) =>
  `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="${target}"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`;

const W =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"';

const wRun = (text: string) => `<w:r><w:t xml:space="preserve">${esc(text)}</w:t></w:r>`;
const wPara = (inner: string, style?: string, numbered?: boolean) =>
  `<w:p><w:pPr>${style ? `<w:pStyle w:val="${style}"/>` : ''}${numbered ? '<w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr>' : ''}</w:pPr>${inner}</w:p>`;

function docxBody(): string {
  const image = `<w:r><w:drawing><wp:inline><wp:extent cx="952500" cy="952500"/><wp:docPr id="1" name="Picture 1" descr="${esc(c.imageAlt)}"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="1" name="image1.png" descr="${esc(c.imageAlt)}"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="rIdImage"/></pic:blipFill><pic:spPr/></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`;
  const table = `<w:tbl>${c.table.map((row) => `<w:tr>${row.map((cell) => `<w:tc>${wPara(wRun(cell))}</w:tc>`).join('')}</w:tr>`).join('')}</w:tbl>`;
  return [
    wPara(wRun(c.title), 'Heading1'),
    wPara(wRun(c.paragraph)),
    wPara(wRun(c.heading), 'Heading2'),
    ...c.items.map((item) => wPara(wRun(item), undefined, true)),
    wPara(`${wRun('Read ')}<w:hyperlink r:id="rIdLink">${wRun(c.link.text)}</w:hyperlink>${wRun(' for more.')}`),
    wPara(image),
    wPara(wRun(c.subheading), 'Heading3'),
    table,
    wPara(wRun(c.secondHeading), 'Heading2'),
    wPara(wRun(c.secondParagraph)),
  ].join('');
}

const styles = () =>
  `${XML}<w:styles ${W}>${[1, 2, 3].map((level) => `<w:style w:type="paragraph" w:styleId="Heading${level}"><w:name w:val="heading ${level}"/></w:style>`).join('')}</w:styles>`;

const numbering = () =>
  `${XML}<w:numbering ${W}><w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:numFmt w:val="bullet"/><w:lvlText w:val="•"/></w:lvl></w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num></w:numbering>`;

function docxEntries(): ZipEntry[] {
  return [
    {
      path: '[Content_Types].xml',
      data: `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/><Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>`,
    },
    { path: '_rels/.rels', data: rootRels('word/document.xml') },
    { path: 'word/document.xml', data: `${XML}<w:document ${W}><w:body>${docxBody()}</w:body></w:document>` },
    { path: 'word/styles.xml', data: styles() },
    { path: 'word/numbering.xml', data: numbering() },
    {
      path: 'word/_rels/document.xml.rels',
      data: `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdStyles" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/><Relationship Id="rIdNumbering" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/><Relationship Id="rIdLink" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="${esc(c.link.href)}" TargetMode="External"/><Relationship Id="rIdImage" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/image1.png"/></Relationships>`,
    },
    { path: 'word/media/image1.png', data: smallPng },
    { path: 'docProps/core.xml', data: coreProps() },
  ];
}

/** The report as a Word document: heading styles, a bulleted list, a hyperlink, an image with alt text, a table. */
export function reportDocx(): Buffer {
  return zipArchive(docxEntries());
}

/** A Word document whose directory says a part unpacks to more than any reader should take: a decompression bomb. */
export function bombDocx(): Buffer {
  const padding = Buffer.alloc(1024 * 1024);
  return zipArchive([...docxEntries(), { path: 'word/media/padding.bin', data: padding }], (path) =>
    path === 'word/media/padding.bin' ? 0xfff00000 : undefined,
  );
}

/** A Word document whose main part claims a small size but inflates to far more: it comes out cut short, never whole. */
export function lyingDocx(): Buffer {
  const entries = docxEntries();
  const document = entries.find((entry) => entry.path === 'word/document.xml')!;
  const huge = `${String(document.data).replace('</w:body>', '')}${wPara(wRun('x'.repeat(8 * 1024 * 1024)))}</w:body></w:document>`;
  return zipArchive(
    entries.map((entry) => (entry.path === 'word/document.xml' ? { ...entry, data: huge } : entry)),
    (path) => (path === 'word/document.xml' ? 2048 : undefined),
  );
}

const ODF_NS =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0" xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0" xmlns:dc="http://purl.org/dc/elements/1.1/" office:version="1.3"';

function odf(mime: string, body: string): Buffer {
  return zipArchive([
    { path: 'mimetype', data: mime, stored: true },
    { path: 'content.xml', data: `${XML}<office:document-content ${ODF_NS}><office:body>${body}</office:body></office:document-content>` },
    {
      path: 'meta.xml',
      data: `${XML}<office:document-meta ${ODF_NS}><office:meta><dc:title>${esc(c.title)}</dc:title><dc:creator>${esc(c.author)}</dc:creator></office:meta></office:document-meta>`,
    },
    {
      path: 'META-INF/manifest.xml',
      data: `${XML}<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="/" manifest:media-type="${mime}"/></manifest:manifest>`,
    },
  ]);
}

const odfTable = (rows: readonly (readonly string[])[]) =>
  `<table:table table:name="Prices">${rows.map((row) => `<table:table-row>${row.map((cell) => `<table:table-cell office:value-type="string"><text:p>${esc(cell)}</text:p></table:table-cell>`).join('')}</table:table-row>`).join('')}<table:table-row table:number-rows-repeated="1048000"><table:table-cell table:number-columns-repeated="1024"/></table:table-row></table:table>`;

/** The report as an OpenDocument text: outline-level headings, a list, a link, a framed image with a title, a table. */
export function reportOdt(): Buffer {
  const image = `<draw:frame draw:name="Image1"><draw:image xlink:href="Pictures/1.png"/><svg:title>${esc(c.imageAlt)}</svg:title></draw:frame>`;
  return odf(
    'application/vnd.oasis.opendocument.text',
    `<office:text><text:h text:outline-level="1">${esc(c.title)}</text:h><text:p>${esc(c.paragraph)}</text:p><text:h text:outline-level="2">${esc(c.heading)}</text:h><text:list>${c.items.map((item) => `<text:list-item><text:p>${esc(item)}</text:p></text:list-item>`).join('')}</text:list><text:p>Read <text:a xlink:href="${esc(c.link.href)}">${esc(c.link.text)}</text:a> for more.</text:p><text:p>${image}</text:p><text:h text:outline-level="3">${esc(c.subheading)}</text:h>${odfTable(c.table)}<text:h text:outline-level="2">${esc(c.secondHeading)}</text:h><text:p>${esc(c.secondParagraph)}</text:p></office:text>`,
  );
}

/** Stock levels: the second sheet of the workbooks. */
export const stockSheet = [
  ['Item', 'In stock'],
  ['Anchor', '7'],
  ['Rope', '42'],
] as const;

/** The prices and stock as an OpenDocument spreadsheet of two sheets (with a million empty rows repeated after the data, as editors write). */
export function reportOds(): Buffer {
  const second = `<table:table table:name="Stock">${stockSheet.map((row) => `<table:table-row>${row.map((cell) => `<table:table-cell><text:p>${esc(cell)}</text:p></table:table-cell>`).join('')}</table:table-row>`).join('')}</table:table>`;
  return odf('application/vnd.oasis.opendocument.spreadsheet', `<office:spreadsheet>${odfTable(c.table)}${second}</office:spreadsheet>`);
}

/** The report as OpenDocument slides: a title page and a page of findings. */
export function reportOdp(): Buffer {
  const frame = (cls: string, inner: string) =>
    `<draw:frame presentation:class="${cls}"><draw:text-box>${inner}</draw:text-box></draw:frame>`;
  return odf(
    'application/vnd.oasis.opendocument.presentation',
    `<office:presentation><draw:page draw:name="page1">${frame('title', `<text:p>${esc(c.title)}</text:p>`)}${frame('subtitle', `<text:p>${esc(c.paragraph)}</text:p>`)}</draw:page><draw:page draw:name="page2">${frame('title', `<text:p>${esc(c.heading)}</text:p>`)}${frame('outline', `<text:list>${c.items.map((item) => `<text:list-item><text:p>${esc(item)}</text:p></text:list-item>`).join('')}</text:list>`)}</draw:page></office:presentation>`,
  );
}

/** The prices and stock as an Excel workbook: shared strings, inline strings, numbers, two sheets. */
export function reportXlsx(): Buffer {
  const strings: string[] = [];
  const cellXml = (value: string, ref: string) => {
    if (/^\d+(\.\d+)?$/.test(value)) return `<c r="${ref}"><v>${value}</v></c>`;
    let index = strings.indexOf(value);
    if (index < 0) index = strings.push(value) - 1;
    return `<c r="${ref}" t="s"><v>${index}</v></c>`;
  };
  const sheet = (rows: readonly (readonly string[])[]) =>
    `${XML}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows
      .map(
        (row, r) =>
          `<row r="${r + 1}">${row.map((value, col) => cellXml(value, `${String.fromCharCode(65 + col)}${r + 1}`)).join('')}</row>`,
      )
      .join('')}</sheetData></worksheet>`;
  const prices = sheet(c.table);
  const stock = sheet(stockSheet);
  return zipArchive([
    {
      path: '[Content_Types].xml',
      data: `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>`,
    },
    { path: '_rels/.rels', data: rootRels('xl/workbook.xml') },
    {
      path: 'xl/workbook.xml',
      data: `${XML}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Prices" sheetId="1" r:id="rId1"/><sheet name="Stock" sheetId="2" r:id="rId2"/></sheets></workbook>`,
    },
    {
      path: 'xl/_rels/workbook.xml.rels',
      data: `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet2.xml"/></Relationships>`,
    },
    { path: 'xl/worksheets/sheet1.xml', data: prices },
    { path: 'xl/worksheets/sheet2.xml', data: stock },
    {
      path: 'xl/sharedStrings.xml',
      data: `${XML}<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${strings.map((s) => `<si><t>${esc(s)}</t></si>`).join('')}</sst>`,
    },
    { path: 'docProps/core.xml', data: coreProps() },
  ]);
}

const P =
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"';

function pptxShape(placeholder: string | undefined, paragraphs: string[]): string {
  return `<p:sp><p:nvSpPr><p:cNvPr id="2" name="Shape"/><p:cNvSpPr/><p:nvPr>${placeholder ? `<p:ph type="${placeholder}"/>` : ''}</p:nvPr></p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/>${paragraphs.map((p) => `<a:p>${p}</a:p>`).join('')}</p:txBody></p:sp>`;
}
const aRun = (text: string, link?: string) =>
  `<a:r><a:rPr>${link ? `<a:hlinkClick r:id="${link}"/>` : ''}</a:rPr><a:t>${esc(text)}</a:t></a:r>`;

/** The report as PowerPoint slides: a title slide, a slide of findings (a body placeholder, a linked text box), a table slide. */
export function reportPptx(): Buffer {
  const slide = (shapes: string) => `${XML}<p:sld ${P}><p:cSld><p:spTree>${shapes}</p:spTree></p:cSld></p:sld>`;
  const table = `<p:graphicFrame><a:graphic><a:graphicData><a:tbl>${c.table.map((row) => `<a:tr>${row.map((cell) => `<a:tc><a:txBody><a:p>${aRun(cell)}</a:p></a:txBody></a:tc>`).join('')}</a:tr>`).join('')}</a:tbl></a:graphicData></a:graphic></p:graphicFrame>`;
  const slides = [
    slide(pptxShape('ctrTitle', [aRun(c.title)]) + pptxShape('subTitle', [aRun(c.paragraph)])),
    slide(
      pptxShape('title', [aRun(c.heading)]) +
        pptxShape(
          'body',
          c.items.map((item) => aRun(item)),
        ) +
        pptxShape(undefined, [aRun('Read ') + aRun(c.link.text, 'rIdLink') + aRun(' for more.')]),
    ),
    slide(pptxShape('title', [aRun(c.subheading)]) + table),
  ];
  return zipArchive([
    {
      path: '[Content_Types].xml',
      data: `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/></Types>`,
    },
    { path: '_rels/.rels', data: rootRels('ppt/presentation.xml') },
    {
      path: 'ppt/presentation.xml',
      data: `${XML}<p:presentation ${P}><p:sldIdLst>${slides.map((_, i) => `<p:sldId id="${256 + i}" r:id="rId${i + 1}"/>`).join('')}</p:sldIdLst></p:presentation>`,
    },
    {
      path: 'ppt/_rels/presentation.xml.rels',
      data: `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${slides.map((_, i) => `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/slide" Target="slides/slide${i + 1}.xml"/>`).join('')}</Relationships>`,
    },
    ...slides.map((data, i) => ({ path: `ppt/slides/slide${i + 1}.xml`, data })),
    {
      path: 'ppt/slides/_rels/slide2.xml.rels',
      data: `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdLink" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="${esc(c.link.href)}" TargetMode="External"/></Relationships>`,
    },
    { path: 'docProps/core.xml', data: coreProps() },
  ]);
}

/** The price table as CSV: a quoted field with the delimiter and a doubled quote in it. */
export function reportCsv(): Buffer {
  const rows = [...c.table.map((row) => row.join(',')), '"Chain, galvanised","8.00","1"', '"Hook ""S""","0.50","25"'];
  return Buffer.from(`${rows.join('\r\n')}\r\n`, 'utf8');
}

/** The report as RTF: an info group, outline-level headings, paragraphs, a hyperlink field, a table, \\'hh and \\u characters. */
export function reportRtf(): Buffer {
  const row = (cells: readonly string[]) =>
    `\\trowd${cells.map((_, i) => `\\cellx${(i + 1) * 2000}`).join('')}\\pard\\intbl ${cells.map((cell) => `${cell}\\cell`).join(' ')}\\row`;
  const rtf = [
    '{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Helvetica;}}{\\colortbl;\\red0\\green0\\blue0;}',
    `{\\info{\\title ${c.title}}{\\author ${c.author}}}`,
    `\\pard\\outlinelevel0\\b ${c.title}\\b0\\par`,
    `\\pard ${c.paragraph}\\par`,
    `\\pard\\outlinelevel1 ${c.heading}\\par`,
    ...c.items.map((item) => `\\pard\\bullet\\tab ${item}\\par`),
    `\\pard Read {\\field{\\*\\fldinst HYPERLINK "${c.link.href}"}{\\fldrslt ${c.link.text}}} for more.\\par`,
    `\\pard\\outlinelevel2 ${c.subheading}\\par`,
    ...c.table.map(row),
    `\\pard\\outlinelevel1 ${c.secondHeading}\\par`,
    `\\pard ${c.secondParagraph} Caf\\'e9 na\\u239?ve.\\par`,
    '}',
  ].join('\n');
  return Buffer.from(rtf, 'latin1');
}

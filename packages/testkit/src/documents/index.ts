import { documentContent } from './content.js';
import {
  bombDocx,
  lyingDocx,
  reportCsv,
  reportDocx,
  reportOdp,
  reportOds,
  reportOdt,
  reportPptx,
  reportRtf,
  reportXlsx,
  stockSheet,
} from './office-fixtures.js';
import { reportPdf, scannedPdf } from './pdf-fixtures.js';

/** Each document fixture with the path the fixture site serves it at and the type it is served as. */
export interface DocumentFixture {
  path: string;
  type: string;
  bytes: () => Buffer;
}

const once = <T>(make: () => T): (() => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};

/** The report in every format Trawl reads, and the broken files it must refuse clearly. */
export const documentFixtures = {
  pdf: { path: '/documents/report.pdf', type: 'application/pdf', bytes: once(() => reportPdf()) },
  docx: {
    path: '/documents/report.docx',
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    bytes: once(reportDocx),
  },
  odt: { path: '/documents/report.odt', type: 'application/vnd.oasis.opendocument.text', bytes: once(reportOdt) },
  xlsx: {
    path: '/documents/report.xlsx',
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    bytes: once(reportXlsx),
  },
  ods: { path: '/documents/report.ods', type: 'application/vnd.oasis.opendocument.spreadsheet', bytes: once(reportOds) },
  csv: { path: '/documents/report.csv', type: 'text/csv; charset=utf-8', bytes: once(reportCsv) },
  pptx: {
    path: '/documents/report.pptx',
    type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    bytes: once(reportPptx),
  },
  odp: { path: '/documents/report.odp', type: 'application/vnd.oasis.opendocument.presentation', bytes: once(reportOdp) },
  rtf: { path: '/documents/report.rtf', type: 'application/rtf', bytes: once(reportRtf) },
} satisfies Record<string, DocumentFixture>;

/** Files a reader must refuse with a clear error, or read with a warning. */
export const brokenDocumentFixtures = {
  /** A PDF served as a generic download: its bytes say what it is. */
  unlabelledPdf: { path: '/documents/download', type: 'application/octet-stream', bytes: documentFixtures.pdf.bytes },
  scannedPdf: { path: '/documents/scanned.pdf', type: 'application/pdf', bytes: once(scannedPdf) },
  encryptedPdf: { path: '/documents/encrypted.pdf', type: 'application/pdf', bytes: once(() => reportPdf({ encrypted: true })) },
  truncatedPdf: { path: '/documents/truncated.pdf', type: 'application/pdf', bytes: once(() => reportPdf().subarray(0, 120)) },
  notAPdf: { path: '/documents/not-a.pdf', type: 'application/pdf', bytes: once(() => Buffer.from('<html><body>Not found</body></html>')) },
  truncatedDocx: { path: '/documents/truncated.docx', type: documentFixtures.docx.type, bytes: once(() => reportDocx().subarray(0, 400)) },
  bombDocx: { path: '/documents/bomb.docx', type: documentFixtures.docx.type, bytes: once(bombDocx) },
  lyingDocx: { path: '/documents/lying.docx', type: documentFixtures.docx.type, bytes: once(lyingDocx) },
} satisfies Record<string, DocumentFixture>;

export { documentContent, stockSheet };
export { buildPdf, type PdfLine, type PdfPageSpec, type PdfSpec } from './pdf-builder.js';
export { zipArchive, type ZipEntry } from './zip.js';

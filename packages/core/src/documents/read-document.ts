import type { ZipLimits } from './bounded-zip.js';
import { readDocx } from './docx.js';
import type { DocumentFormat } from './formats.js';
import type { DocumentReading, ReadDocumentOptions } from './reading.js';

/**
 * Reads a document of a known format into HTML parts. Each format's reader loads its library
 * (or itself) only when a file of that format arrives, so a process that never sees a PDF never
 * loads pdf.js.
 */
export async function readDocument(
  name: string,
  body: Uint8Array,
  format: DocumentFormat,
  options: ReadDocumentOptions & { zipLimits?: ZipLimits } = {},
): Promise<DocumentReading> {
  switch (format) {
    case 'pdf': {
      const [{ readPdf }, { pdfReading }] = await Promise.all([import('./pdf/read-pdf.js'), import('./pdf/pdf-reading.js')]);
      return pdfReading(await readPdf(name, body, options));
    }
    case 'docx':
      return readDocx(name, body, options.zipLimits);
    case 'odt':
      return (await import('./odt.js')).readOdt(name, body, options.zipLimits);
    case 'xlsx':
      return (await import('./xlsx.js')).readXlsx(name, body, options.zipLimits);
    case 'ods':
      return (await import('./ods.js')).readOds(name, body, options.zipLimits);
    case 'csv':
      return (await import('./csv.js')).readCsv(name, body);
    case 'pptx':
      return (await import('./pptx.js')).readPptx(name, body, options.zipLimits);
    case 'odp':
      return (await import('./odp.js')).readOdp(name, body, options.zipLimits);
    case 'rtf':
      return (await import('./rtf.js')).readRtf(name, body);
  }
}

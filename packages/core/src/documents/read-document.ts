import { TrawlError } from '../errors.js';
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
    default:
      throw new TrawlError('SCRAPE_UNSUPPORTED_CONTENT', `${name} is a ${format.toUpperCase()} file, which Trawl does not read`);
  }
}

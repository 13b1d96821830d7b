import { buildPdf } from '../documents/pdf-builder.js';

/** A one-page PDF 1.4 file with a correct cross-reference table, showing `text` in Helvetica. */
export function singlePagePdf(text: string): Buffer {
  return buildPdf({ pages: [{ lines: [{ text, x: 36, y: 96, size: 18 }] }] });
}

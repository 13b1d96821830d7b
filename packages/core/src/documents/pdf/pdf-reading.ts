import type { DocumentReading } from '../reading.js';
import type { PdfContent } from './pdf-content.js';
import { blocksHtml } from './pdf-html.js';
import { layoutPdf } from './pdf-layout.js';

/** Fewer characters than this per page on average: the PDF is scanned images, with no text layer to read. */
const SCANNED_CHARS_PER_PAGE = 20;

export const SCANNED_PDF_WARNING =
  'This PDF has no text layer (it looks scanned: its pages are images), and Trawl has no OCR, so its text is missing.';

/** A PDF's content as a reading: one HTML part per page, with its structure. Pure. */
export function pdfReading(content: PdfContent): DocumentReading {
  const layout = layoutPdf(content);
  const chars = content.pages.reduce((sum, page) => sum + page.runs.reduce((n, run) => n + run.text.trim().length, 0), 0);
  const warnings: string[] = [];
  if (content.pages.length && chars < SCANNED_CHARS_PER_PAGE * content.pages.length) warnings.push(SCANNED_PDF_WARNING);
  if (content.truncated) warnings.push(content.truncated);
  const firstHeading = layout.pages.flatMap((page) => page.blocks).find((block) => block.kind === 'heading');
  const title =
    content.title ??
    (firstHeading && 'spans' in firstHeading
      ? firstHeading.spans
          .map((span) => span.text)
          .join('')
          .trim()
      : undefined);
  return {
    format: 'pdf',
    parts: layout.pages.map((page) => blocksHtml(page.blocks)),
    pageNumbers: layout.pages.map((page) => page.number),
    ...(title ? { title } : {}),
    ...(content.author ? { author: content.author } : {}),
    ...(content.subject ? { description: content.subject } : {}),
    extra: { numPages: content.numPages, ...(content.keywords ? { keywords: content.keywords } : {}) },
    warnings,
  };
}

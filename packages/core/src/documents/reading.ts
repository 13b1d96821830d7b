import type { DocumentFormat } from './formats.js';

/**
 * A document read into HTML, the form every format passes through on its way to the Markdown
 * converter: the HTML of each part (a PDF's pages; a single part for the rest), metadata for the
 * Document, and what was lost on the way.
 */
export interface DocumentReading {
  format: DocumentFormat;
  /** HTML of each physical page (PDF) or of the whole document (one entry). */
  parts: string[];
  /** 1-based page number of each part (PDF); absent for formats without pages. */
  pageNumbers?: number[];
  title?: string;
  author?: string;
  description?: string;
  /**
   * The document's Markdown when the reader writes it itself (sheets: a table of thousands of rows
   * is cheap to write directly and slow through the HTML converter); the HTML still gives `html`
   * and `links`.
   */
  markdown?: string;
  /** Metadata fields the format adds: numPages (PDF), sheets, slides… */
  extra: Record<string, string | number>;
  warnings: string[];
}

/** How documents are read: page limits and markers (PDF), archive limits (Office), a time budget. */
export interface ReadDocumentOptions {
  maxPages?: number;
  budgetMs?: number;
}

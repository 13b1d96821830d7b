/** What the PDF reader takes from each page: positioned text runs and link areas, in PDF units (y grows upwards). */
export interface PdfTextRun {
  text: string;
  /** Left edge and baseline. */
  x: number;
  y: number;
  width: number;
  /** Font size: the height of the run's text matrix. */
  size: number;
  /** The reader's name for the run's font (the same font has the same name across the document). */
  font: string;
}

export interface PdfLinkArea {
  url: string;
  /** [left, bottom, right, top]. */
  rect: [number, number, number, number];
}

export interface PdfPageContent {
  /** 1-based physical page number. */
  number: number;
  runs: PdfTextRun[];
  links: PdfLinkArea[];
}

export interface PdfContent {
  numPages: number;
  /** Pages read (all of them, or the first `maxPages`). */
  pages: PdfPageContent[];
  title?: string;
  author?: string;
  subject?: string;
  keywords?: string;
  /** Set when reading stopped early (page cap or time budget): what the Document's warning says. */
  truncated?: string;
}

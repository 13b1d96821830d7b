import { documentUnreadable } from '../document-errors.js';
import type { PdfContent, PdfLinkArea, PdfPageContent, PdfTextRun } from './pdf-content.js';

export interface ReadPdfOptions {
  /** Read at most this many pages (Firecrawl's `maxPages`). */
  maxPages?: number;
  /** Stop reading pages once this much time has gone (ms); the pages read so far are kept. */
  budgetMs?: number;
}

/** The most pages of one PDF read when the caller sets no `maxPages`. */
export const DEFAULT_MAX_PDF_PAGES = 2000;

/**
 * Reads a PDF's text runs, link areas and document info with pdf.js (unpdf's build for
 * servers: one module, no worker file, no canvas). pdf.js loads only when a PDF arrives.
 */
export async function readPdf(name: string, bytes: Uint8Array, options: ReadPdfOptions = {}): Promise<PdfContent> {
  const { getDocumentProxy } = await import('unpdf');
  // pdf.js takes ownership of the buffer it is given; a copy keeps the caller's intact.
  const data = new Uint8Array(bytes);
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(data, { isEvalSupported: false, stopAtErrors: false, verbosity: 0 });
  } catch (error) {
    throw documentUnreadable(name, pdfProblem(error), error);
  }
  try {
    const started = Date.now();
    const limit = Math.min(pdf.numPages, options.maxPages ?? DEFAULT_MAX_PDF_PAGES);
    const pages: PdfPageContent[] = [];
    let truncated: string | undefined;
    for (let number = 1; number <= limit; number++) {
      if (options.budgetMs !== undefined && Date.now() - started > options.budgetMs) {
        truncated = `Reading the PDF stopped after ${pages.length} of its ${pdf.numPages} pages, past its time budget of ${options.budgetMs} ms.`;
        break;
      }
      pages.push(await readPage(pdf, number));
    }
    if (!truncated && limit < pdf.numPages) truncated = `Only the first ${limit} of the PDF's ${pdf.numPages} pages were read.`;
    const info = await pdf.getMetadata().then(
      (metadata) => (metadata.info ?? {}) as Record<string, unknown>,
      () => ({}) as Record<string, unknown>,
    );
    return {
      numPages: pdf.numPages,
      pages,
      ...infoText(info, 'Title', 'title'),
      ...infoText(info, 'Author', 'author'),
      ...infoText(info, 'Subject', 'subject'),
      ...infoText(info, 'Keywords', 'keywords'),
      ...(truncated ? { truncated } : {}),
    };
  } catch (error) {
    throw documentUnreadable(name, pdfProblem(error), error);
  } finally {
    await pdf.destroy().catch(() => {});
  }
}

type PdfProxy = Awaited<ReturnType<typeof import('unpdf').getDocumentProxy>>;

async function readPage(pdf: PdfProxy, number: number): Promise<PdfPageContent> {
  const page = await pdf.getPage(number);
  const [content, annotations] = await Promise.all([page.getTextContent(), page.getAnnotations().catch(() => [])]);
  const runs: PdfTextRun[] = [];
  for (const item of content.items) {
    if (!('str' in item) || !item.str) continue;
    const [a, b, c, d, x, y] = item.transform as number[];
    // Rotated or skewed text keeps its size as the length of the text matrix's vertical vector.
    const size = Math.hypot(c ?? 0, d ?? 0) || Math.hypot(a ?? 0, b ?? 0);
    runs.push({ text: item.str, x: x ?? 0, y: y ?? 0, width: item.width, size, font: item.fontName });
  }
  const links: PdfLinkArea[] = [];
  for (const annotation of annotations as Array<{ subtype?: string; url?: string; rect?: number[] }>) {
    if (annotation.subtype !== 'Link' || typeof annotation.url !== 'string' || !annotation.rect || annotation.rect.length !== 4) continue;
    const [x1, y1, x2, y2] = annotation.rect as [number, number, number, number];
    links.push({ url: annotation.url, rect: [Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2)] });
  }
  page.cleanup();
  return { number, runs, links };
}

function infoText<K extends string>(info: Record<string, unknown>, key: string, as: K): { [P in K]?: string } {
  const value = info[key];
  return typeof value === 'string' && value.trim() ? ({ [as]: value.trim() } as { [P in K]?: string }) : {};
}

/** pdf.js names its failures by class; each becomes a sentence for the caller. */
function pdfProblem(error: unknown): string {
  const name = (error as { name?: string } | undefined)?.name;
  if (name === 'PasswordException') return 'it is encrypted with a password';
  if (name === 'InvalidPDFException') return 'it is not a valid PDF (truncated or damaged)';
  const message = error instanceof Error ? error.message : String(error);
  return `the PDF is damaged (${message.slice(0, 200)})`;
}

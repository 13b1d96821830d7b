import { isTrawlError, TrawlError, type TrawlErrorCode } from '../errors.js';
import type { ResolvedScrapeOptions } from '../options.js';
import { convertDocumentPage } from '../documents/convert-document-page.js';
import type { DocumentFormat } from '../documents/formats.js';
import { convertPageContent, type PageContent, type PageConversion } from '../pipeline/to-document.js';

/** One page for a conversion thread: plain data, copied across the thread boundary. */
export interface ConvertTask {
  page: PageContent;
  sourceURL: string;
  options: ResolvedScrapeOptions;
  withPageLinks: boolean;
  /** The crawl's scope for learned link templates (ConvertRequest.linkTemplates). */
  linkTemplates?: string;
}

/**
 * A task as sent to a thread: it sets `started[0]` to 1 when it begins, which starts the page's
 * deadline (shared memory: a message port per page cost more of the crawler's thread than the
 * links-only reading of a small page).
 */
export interface StartedTask extends ConvertTask {
  started: Int32Array;
}

/** A thread's answer. A TrawlError travels as its fields: a class does not survive the copy. */
export type ConvertOutcome =
  | { ok: true; conversion: PageConversion }
  | { ok: false; error: { code: TrawlErrorCode; message: string; status: number } };

/** Runs a task, turning a TrawlError into data; any other failure is the pool's to report. */
export function runConvertTask(task: ConvertTask): ConvertOutcome {
  try {
    return { ok: true, conversion: convertPageContent(task.page, task.sourceURL, task.options, task.withPageLinks, task.linkTemplates) };
  } catch (error) {
    if (!isTrawlError(error)) throw error;
    return { ok: false, error: { code: error.code, message: error.message, status: error.status } };
  }
}

/** runConvertTask for a document (PDF, Office…), whose reading is asynchronous; the pool's deadline bounds it. */
export async function runDocumentTask(task: ConvertTask, format: DocumentFormat): Promise<ConvertOutcome> {
  try {
    return { ok: true, conversion: await convertDocumentPage(task.page, format, task.sourceURL, task.options, task.withPageLinks) };
  } catch (error) {
    if (!isTrawlError(error)) throw error;
    return { ok: false, error: { code: error.code, message: error.message, status: error.status } };
  }
}

/** The conversion, or the TrawlError the thread reported. */
export function conversionOf(outcome: ConvertOutcome): PageConversion {
  if (outcome.ok) return outcome.conversion;
  throw new TrawlError(outcome.error.code, outcome.error.message, { status: outcome.error.status });
}

import { basename } from 'node:path';
import { detectDocumentFormat, htmlToDocument, parse } from '@trawl/core';
import { typedTargetUrl } from '@trawl/core/server';
import { CommanderError } from 'commander';
import { type CliIO, readInputBytes, writeLine } from '../io.js';
import { formatExplain } from '../explain-table.js';
import type { ScrapeFlags } from '../scrape-flags.js';
import { renderDocument, toScrapeOptions } from '../scrape-options.js';

/**
 * `trawl convert <file>`: a document (PDF, Word, spreadsheet, slides, RTF) or HTML from a file
 * or stdin to the format asked for, nothing fetched. Documents are told by their bytes (CSV by
 * its name); HTML needs `--url`, against which its links resolve.
 */
export async function convertAction(file: string, flags: ScrapeFlags & { url?: string }, io: CliIO): Promise<void> {
  const bytes = await readInputBytes(file, io);
  const fileName = file === '-' ? 'stdin' : basename(file);
  const options = toScrapeOptions(flags);
  if (detectDocumentFormat(undefined, bytes, fileName)) {
    // A one-shot command converts in its own thread; the request's timeout bounds a long PDF.
    const doc = await parse(bytes, { ...options, fileName, convertPool: false });
    writeLine(io.stdout, renderDocument(doc, flags));
    if (flags.explain) writeLine(io.stderr, 'explain: a document is read as it is written; only HTML goes through the main-content steps');
    return;
  }
  if (!flags.url) {
    const message = `error: ${fileName} is not a document Trawl reads by itself (PDF, DOCX, ODT, XLSX, ODS, CSV, PPTX, ODP, RTF), so it is read as HTML, which needs --url <url>`;
    writeLine(io.stderr, message);
    throw new CommanderError(2, 'trawl.convert.url', message);
  }
  const url = typedTargetUrl(flags.url);
  const doc = await htmlToDocument(Buffer.from(bytes).toString('utf8'), { url, ...options, explain: flags.explain === true });
  writeLine(io.stdout, renderDocument(doc, flags));
  if (doc.explain && !flags.json) writeLine(io.stderr, formatExplain(doc.explain));
}

import { htmlToDocument, typedTargetUrl } from '@trawl/core';
import { type CliIO, readInput, writeLine } from '../io.js';
import type { ScrapeFlags } from '../scrape-flags.js';
import { renderDocument, toScrapeOptions } from '../scrape-options.js';

/** `trawl convert <file> --url <url>`: HTML from a file or stdin to the format asked for, nothing fetched. */
export async function convertAction(file: string, flags: ScrapeFlags & { url: string }, io: CliIO): Promise<void> {
  const url = typedTargetUrl(flags.url);
  const html = await readInput(file, io);
  const doc = await htmlToDocument(html, { url, ...toScrapeOptions(flags) });
  writeLine(io.stdout, renderDocument(doc, flags));
}

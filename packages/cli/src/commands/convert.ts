import { Command } from 'commander';
import type { CliIO } from '../io.js';
import { addScrapeFlags, type ScrapeFlags } from '../scrape-flags.js';

export function convertCommand(io: CliIO): Command {
  return addScrapeFlags(
    new Command('convert')
      .description(
        'convert a file (or - for standard input) without fetching anything: a PDF, Word (DOCX, ODT), spreadsheet (XLSX, ODS, CSV), slides (PPTX, ODP), RTF or HTML',
      )
      .argument('<file>', 'the file, or - to read standard input')
      .usage('<file> [--url <url>] [options]'),
  )
    .option('-u, --url <url>', 'the URL the file came from: links resolve against it (required for HTML)')
    .action(async (file: string, flags: ScrapeFlags & { url?: string }) =>
      (await import('../actions/convert.js')).convertAction(file, flags, io),
    );
}

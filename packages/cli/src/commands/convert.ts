import { Command } from 'commander';
import type { CliIO } from '../io.js';
import { addScrapeFlags, type ScrapeFlags } from '../scrape-flags.js';

export function convertCommand(io: CliIO): Command {
  return addScrapeFlags(
    new Command('convert')
      .description('convert HTML from a file (or - for standard input) without fetching anything')
      .argument('<file>', 'an HTML file, or - to read standard input')
      .usage('<file> --url <url> [options]'),
  )
    .requiredOption('-u, --url <url>', '(required) the URL the HTML came from: links resolve against it')
    .action(async (file: string, flags: ScrapeFlags & { url: string }) =>
      (await import('../actions/convert.js')).convertAction(file, flags, io),
    );
}

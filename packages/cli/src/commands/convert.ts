import { Command } from 'commander';
import { htmlToDocument } from '@trawl/core';
import { type CliIO, readInput, writeLine } from '../io.js';
import { urlArgument } from '../url-argument.js';
import { addScrapeFlags, renderDocument, toScrapeOptions, type ScrapeFlags } from '../scrape-flags.js';

export function convertCommand(io: CliIO): Command {
  return addScrapeFlags(
    new Command('convert')
      .description('convert HTML from a file (or - for standard input) without fetching anything')
      .argument('<file>', 'an HTML file, or - to read standard input')
      .usage('<file> --url <url> [options]'),
  )
    .requiredOption('-u, --url <url>', '(required) the URL the HTML came from: links resolve against it', urlArgument)
    .action(async (file: string, flags: ScrapeFlags & { url: string }) => {
      const html = await readInput(file, io);
      const doc = await htmlToDocument(html, { url: flags.url, ...toScrapeOptions(flags) });
      writeLine(io.stdout, renderDocument(doc, flags));
    });
}

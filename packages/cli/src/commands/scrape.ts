import { Command } from 'commander';
import type { CliIO } from '../io.js';
import { wholeNumber } from '../numeric-flags.js';
import { addScrapeFlags, DEFAULT_SCREENSHOT_FILE, engineOption, type ScrapeFlags } from '../scrape-flags.js';

export function scrapeCommand(io: CliIO): Command {
  return addScrapeFlags(new Command('scrape').description('scrape one page and print it').argument('<url>', 'the page to scrape'))
    .option('-H, --header <header...>', 'request header, "Name: value" (repeatable)')
    .option('--timeout <ms>', 'request timeout in milliseconds', wholeNumber())
    .option('--skip-tls-verification', 'accept invalid TLS certificates')
    .option(
      '--screenshot [file]',
      `save a screenshot of the viewport as PNG (default ${DEFAULT_SCREENSHOT_FILE}; kept in the JSON with --json)`,
    )
    .option('--full-page-screenshot [file]', 'save a screenshot of the whole page as PNG')
    .option('--mobile', 'emulate a mobile device')
    .option('--wait-for <ms>', 'wait this long after the page loads', wholeNumber(0))
    .option('--actions <json>', 'actions to run before reading the page, as a JSON array')
    .option('--keep-block-page', 'print a challenge, captcha or wall the page stays behind (still exit 1) instead of only the error')
    .addOption(engineOption())
    .action(async (url: string, flags: ScrapeFlags) => (await import('../actions/scrape.js')).scrapeAction(url, flags, io));
}

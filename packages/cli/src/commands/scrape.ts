import { writeFile } from 'node:fs/promises';
import { Command } from 'commander';
import { closeDispatchers, scrape, type Document } from '@trawl/core';
import { type CliIO, writeLine } from '../io.js';
import { wholeNumber } from '../numeric-flags.js';
import { urlArgument } from '../url-argument.js';
import { engineOption, pageBrowser } from '../page-browser.js';
import { addScrapeFlags, parseActions, renderDocument, toScrapeOptions, type ScrapeFlags } from '../scrape-flags.js';

const DEFAULT_SCREENSHOT_FILE = 'screenshot.png';

export function scrapeCommand(io: CliIO): Command {
  return addScrapeFlags(new Command('scrape').description('scrape one page and print it').argument('<url>', 'the page to scrape', urlArgument))
    .option('-H, --header <header...>', 'request header, "Name: value" (repeatable)')
    .option('--timeout <ms>', 'request timeout in milliseconds', wholeNumber())
    .option('--skip-tls-verification', 'accept invalid TLS certificates')
    .option('--screenshot [file]', `save a screenshot of the viewport as PNG (default ${DEFAULT_SCREENSHOT_FILE}; kept in the JSON with --json)`)
    .option('--full-page-screenshot [file]', 'save a screenshot of the whole page as PNG')
    .option('--mobile', 'emulate a mobile device')
    .option('--wait-for <ms>', 'wait this long after the page loads', wholeNumber(0))
    .option('--actions <json>', 'actions to run before reading the page, as a JSON array', parseActions)
    .addOption(engineOption())
    .action(async (url: string, flags: ScrapeFlags) => {
      const browser = pageBrowser(flags.engine);
      try {
        // The AI SDK is heavy: load it only when the json format asks for a model.
        const llm = flags.format === 'json' ? (await import('@trawl/llm')).llmFromEnv() : undefined;
        const doc = await scrape(url, {
          ...toScrapeOptions(flags),
          ...(flags.engine ? { engine: flags.engine } : {}),
          ...(browser ? { browser } : {}),
          ...(llm ? { llm } : {}),
        });
        writeLine(io.stdout, renderDocument(doc, flags));
        if (!flags.json) await reportExtras(doc, flags, io);
        // The page is printed (an error page can say why), but a script must not take it for the page it wanted.
        const status = doc.metadata.statusCode;
        if (status >= 400) throw new Error(`${doc.metadata.url} answered HTTP ${status}${doc.metadata.error ? ` ${doc.metadata.error}` : ''}`);
      } finally {
        await Promise.all([closeDispatchers(), browser?.close()]);
      }
    });
}

/** What the printed format leaves out: the screenshot goes to a file, action results are counted. */
async function reportExtras(doc: Document, flags: ScrapeFlags, io: CliIO): Promise<void> {
  const png = doc.screenshot && /^data:image\/png;base64,(.*)$/s.exec(doc.screenshot)?.[1];
  if (png) {
    const requested = flags.fullPageScreenshot ?? flags.screenshot;
    const file = typeof requested === 'string' ? requested : DEFAULT_SCREENSHOT_FILE;
    await writeFile(file, Buffer.from(png, 'base64'));
    writeLine(io.stderr, `screenshot saved to ${file}`);
  } else if (doc.screenshot) {
    writeLine(io.stderr, `screenshot: ${doc.screenshot}`);
  }
  if (doc.actions) {
    const { screenshots, scrapes, javascriptReturns } = doc.actions;
    writeLine(io.stderr, `actions: ${screenshots.length} screenshot(s), ${scrapes.length} scrape(s), ${javascriptReturns.length} JavaScript return(s); --json prints them`);
  }
  if (doc.warning) writeLine(io.stderr, `warning: ${doc.warning}`);
}

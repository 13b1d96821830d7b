import { writeFile } from 'node:fs/promises';
import { scrape, typedTargetUrl, type Document } from '@trawl/core';
import { type CliIO, writeLine } from '../io.js';
import { commandRuntime } from '../command-runtime.js';
import { DEFAULT_SCREENSHOT_FILE, type ScrapeFlags } from '../scrape-flags.js';
import { renderDocument, toScrapeOptions } from '../scrape-options.js';

/** `trawl scrape <url>`: the page in the format asked for on stdout; what the format leaves out on stderr. */
export async function scrapeAction(url: string, flags: ScrapeFlags, io: CliIO): Promise<void> {
  const target = typedTargetUrl(url);
  const options = toScrapeOptions(flags);
  // The AI SDK is heavy: load it only when the json format asks for a model.
  const llm = flags.format === 'json' ? (await import('@trawl/llm')).llmFromEnv() : undefined;
  // One page: converting it here beats starting conversion threads that each load the parser again.
  const runtime = commandRuntime(flags.engine, { llm, convertPool: false });
  try {
    const doc = await scrape(target, { ...options, runtime, keepBlockPages: flags.keepBlockPage === true });
    writeLine(io.stdout, renderDocument(doc, flags));
    if (!flags.json) await reportExtras(doc, flags, io);
    // The page is printed (an error page can say why), but a script must not take it for the page it wanted.
    const status = doc.metadata.statusCode;
    if (doc.metadata.blockPage)
      throw new Error(`${doc.metadata.url} stayed a block page (${doc.metadata.blockPage}, ${doc.metadata.blockPageVendor})`);
    if (status >= 400) throw new Error(`${doc.metadata.url} answered HTTP ${status}${doc.metadata.error ? ` ${doc.metadata.error}` : ''}`);
  } finally {
    await runtime.close();
  }
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
    writeLine(
      io.stderr,
      `actions: ${screenshots.length} screenshot(s), ${scrapes.length} scrape(s), ${javascriptReturns.length} JavaScript return(s); --json prints them`,
    );
  }
  if (doc.warning) writeLine(io.stderr, `warning: ${doc.warning}`);
}

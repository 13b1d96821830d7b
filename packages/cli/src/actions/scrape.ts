import { writeFile } from 'node:fs/promises';
import { type Document, type ExplainStep, htmlToDocument, type ScrapeOptionsInput, scrape } from '@trawl/core';
import { typedTargetUrl } from '@trawl/core/server';
import { type CliIO, writeLine } from '../io.js';
import { commandRuntime } from '../command-runtime.js';
import { formatExplain } from '../explain-table.js';
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
    const formats = flags.explain ? [...(options.formats ?? []), 'rawHtml' as const] : options.formats;
    const doc = await scrape(target, { ...options, formats, runtime, keepBlockPages: flags.keepBlockPage === true });
    const explain = flags.explain ? await explainPage(doc, options) : undefined;
    if (explain) doc.explain = explain;
    writeLine(io.stdout, renderDocument(doc, flags));
    if (!flags.json) await reportExtras(doc, flags, io);
    if (flags.explain && !flags.json)
      writeLine(io.stderr, explain ? formatExplain(explain) : 'explain: the page is not HTML, so no main-content step ran');
    // The page is printed (an error page can say why), but a script must not take it for the page it wanted.
    const status = doc.metadata.statusCode;
    if (doc.metadata.blockPage)
      throw new Error(`${doc.metadata.url} stayed a block page (${doc.metadata.blockPage}, ${doc.metadata.blockPageVendor})`);
    if (status >= 400) throw new Error(`${doc.metadata.url} answered HTTP ${status}${doc.metadata.error ? ` ${doc.metadata.error}` : ''}`);
  } finally {
    await runtime.close();
  }
}

/**
 * The explain trace of a scraped page: its HTML as loaded (the `rawHtml` the scrape was asked
 * for besides) converted again, in this thread, with the same content options, which gives the
 * same Markdown through the same steps. Undefined when the page is not HTML. Takes `rawHtml` off
 * the Document unless the user asked for it.
 */
async function explainPage(doc: Document, options: ScrapeOptionsInput): Promise<ExplainStep[] | undefined> {
  const html = doc.rawHtml;
  if (!options.formats?.includes('rawHtml')) delete doc.rawHtml;
  if (html === undefined || !/html/i.test(doc.metadata.contentType ?? 'text/html')) return undefined;
  const { onlyMainContent, includeTags, excludeTags, removeBase64Images } = options;
  const converted = await htmlToDocument(html, {
    url: doc.metadata.url,
    formats: ['markdown'],
    onlyMainContent,
    includeTags,
    excludeTags,
    removeBase64Images,
    explain: true,
  });
  return converted.explain;
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
    const { screenshots, scrapes, javascriptReturns, pdfs } = doc.actions;
    writeLine(
      io.stderr,
      `actions: ${screenshots.length} screenshot(s), ${scrapes.length} scrape(s), ${javascriptReturns.length} JavaScript return(s), ${pdfs.length} PDF(s); --json prints them`,
    );
  }
  if (doc.warning) writeLine(io.stderr, `warning: ${doc.warning}`);
}

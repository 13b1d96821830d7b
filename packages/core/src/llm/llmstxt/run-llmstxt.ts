import type { Document } from '../../document.js';
import { TrawlError, isTrawlError, type TrawlErrorCode } from '../../errors.js';
import { map, MAP_MAX_LIMIT } from '../../crawl/map.js';
import { addUsage, NO_USAGE, type LlmProvider, type LlmUsage } from '../../ports/llm.js';
import { scrape } from '../../scrape.js';
import { mapConcurrently } from '../concurrent.js';
import { withoutStore, type Runtime } from '../../runtime/runtime.js';
import { assertPageOk, type LlmJobRun } from '../llm-runtime.js';
import { LLM_SETTINGS_HINT } from '../missing-llm.js';
import { robotsVerdicts, robotsWarning } from '../robots-verdicts.js';
import { contentCharsFor, estimateTokens, splitContent } from '../split-content.js';
import { llmsFullTxtOf, llmsTxtOf, summaryFromPage, type PageSummary } from './llmstxt-text.js';
import type { LlmsTxtRequest } from './llmstxt-request.js';

/** What an llms.txt job stores as its output (partial while it runs). */
export interface LlmsTxtOutput {
  llmstxt: string;
  /** Present when `showFullText` was asked for. */
  llmsfulltxt?: string;
  /** Pages included, in site order. */
  urls: string[];
  warning?: string;
  llmUsage: LlmUsage;
  tokensUsed: number;
}

export interface LlmsTxtHooks {
  /** The pages to process are known. */
  onPlanned?(count: number): Promise<void> | void;
  /** A page was processed (`ok`) or could not be scraped. */
  onPage?(outcome: { url: string; ok: boolean }): Promise<void> | void;
  /** The texts so far, after each batch of pages. */
  onPartial?(output: LlmsTxtOutput): Promise<void> | void;
}

export const NO_LLM_WARNING = `No LLM provider is configured, so titles and descriptions come from each page's <title> and meta description; to have a model write them, ${LLM_SETTINGS_HINT}.`;

const BATCH = 10;
const DEFAULT_CONCURRENCY = 4;
const SUMMARY_SCHEMA = {
  type: 'object',
  properties: {
    title: { type: 'string', description: 'The page title in 3 to 4 words.' },
    description: { type: 'string', description: 'What the page offers, in one line of 9 to 10 words.' },
  },
  required: ['title', 'description'],
};
const SUMMARY_SYSTEM = 'You write entries of an llms.txt index: a short title and a one-line description of a web page, from its content.';
const SUMMARY_TASK = 'Write the title (3 to 4 words) and the one-line description (9 to 10 words) of this page.';

/**
 * Maps the site, scrapes up to `maxUrls` pages in batches, and has the model title and describe
 * each; without a model, each page's own title and meta description serve, with a warning.
 */
export async function runLlmsTxt(
  request: LlmsTxtRequest,
  runtime: Runtime,
  run: LlmJobRun = {},
  hooks: LlmsTxtHooks = {},
): Promise<LlmsTxtOutput> {
  const signal = run.signal ?? new AbortController().signal;
  // Room for pages robots.txt disallows: they are left out, as a crawl leaves them out.
  const found = await map(request.url, {
    limit: Math.min(MAP_MAX_LIMIT, request.maxUrls * 2),
    ignoreSitemap: false,
    includeSubdomains: false,
    runtime,
    signal,
  });
  signal.throwIfAborted();
  const { allowed, disallowed } = await robotsVerdicts(found, runtime);
  signal.throwIfAborted();
  const urls = allowed.slice(0, request.maxUrls);
  // The pages a job reads are its own work, not scrapes of the caller's: they skip the page memory.
  const pageRuntime = withoutStore(runtime);
  await hooks.onPlanned?.(urls.length);

  const pages: PageSummary[] = [];
  const unreadable: string[] = [];
  let firstFailure: TrawlErrorCode = 'INTERNAL';
  const unsummarised: string[] = [];
  let usage = NO_USAGE;
  const output = (): LlmsTxtOutput => {
    const warnings = [
      ...(runtime.llm ? [] : [NO_LLM_WARNING]),
      ...(disallowed.length ? [robotsWarning(disallowed)!] : []),
      ...(unsummarised.length
        ? [`The model could not describe ${unsummarised.length} page(s), so their metadata serves instead (${unsummarised[0]}).`]
        : []),
      ...(unreadable.length ? [`${unreadable.length} page(s) could not be scraped and are left out: ${unreadable.join('; ')}.`] : []),
    ];
    return {
      llmstxt: llmsTxtOf(request.url, pages),
      ...(request.showFullText ? { llmsfulltxt: llmsFullTxtOf(request.url, pages) } : {}),
      urls: pages.map((p) => p.url),
      ...(warnings.length ? { warning: warnings.join(' ') } : {}),
      llmUsage: usage,
      tokensUsed: usage.totalTokens,
    };
  };

  for (let start = 0; start < urls.length; start += BATCH) {
    const batch = urls.slice(start, start + BATCH);
    const done = await mapConcurrently(batch, run.concurrency ?? DEFAULT_CONCURRENCY, async (url) => {
      let document: Document;
      try {
        document = await scrape(url, { formats: ['markdown'], onlyMainContent: true, timeout: 30_000, runtime: pageRuntime, signal });
        assertPageOk(document);
      } catch (error) {
        signal.throwIfAborted();
        if (!unreadable.length && isTrawlError(error)) firstFailure = error.code;
        unreadable.push(`${url} (${error instanceof Error ? error.message : String(error)})`);
        await hooks.onPage?.({ url, ok: false });
        return undefined;
      }
      const summary = await summarise(runtime.llm, document, url, signal).catch((error: unknown) => {
        signal.throwIfAborted();
        unsummarised.push(error instanceof Error ? error.message : String(error));
        return { ...summaryFromPage(document, url), usage: NO_USAGE };
      });
      usage = addUsage(usage, summary.usage);
      await hooks.onPage?.({ url, ok: true });
      return { url, title: summary.title, description: summary.description, markdown: document.markdown ?? '' };
    });
    pages.push(...done.filter((p): p is PageSummary => p !== undefined));
    if (start + BATCH < urls.length) await hooks.onPartial?.(output());
  }
  if (!pages.length) {
    throw new TrawlError(
      firstFailure,
      `No page of ${request.url} could be scraped: ${unreadable.join('; ') || robotsWarning(disallowed) || 'the site lists none'}`,
    );
  }
  return output();
}

async function summarise(llm: LlmProvider | undefined, document: Document, url: string, signal: AbortSignal) {
  if (!llm || !document.markdown?.trim()) return { ...summaryFromPage(document, url), usage: NO_USAGE };
  const overheadTokens = estimateTokens(SUMMARY_SYSTEM + SUMMARY_TASK + JSON.stringify(SUMMARY_SCHEMA) + url) + 200;
  // The opening of a page is enough to title and describe it.
  const opening = splitContent(document.markdown, contentCharsFor({ contextTokens: llm.contextTokens, overheadTokens }))[0] ?? '';
  const answer = await llm.generateObject({
    system: SUMMARY_SYSTEM,
    prompt: [
      SUMMARY_TASK,
      '',
      `Web page: ${url}`,
      ...(document.metadata.title ? [`Title: ${document.metadata.title}`] : []),
      'Content:',
      '<content>',
      opening,
      '</content>',
    ].join('\n'),
    schema: SUMMARY_SCHEMA,
    signal,
  });
  const fallback = summaryFromPage(document, url);
  const title = String(answer.object.title ?? '').trim() || fallback.title;
  const description = String(answer.object.description ?? '').trim() || fallback.description;
  return { title, description, usage: answer.usage };
}

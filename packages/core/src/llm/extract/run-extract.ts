import { isTrawlError, TrawlError } from '../../errors.js';
import { addUsage, NO_USAGE, type LlmUsage } from '../../ports/llm.js';
import { scrape } from '../../scrape.js';
import { mapConcurrently } from '../concurrent.js';
import { extractFromText, finishAnswer, type TextExtractionResult } from '../extract-from-text.js';
import { LLM_PAGE_CREDITS } from '../llm-formats.js';
import { withoutStore, type Runtime } from '../../runtime/runtime.js';
import { assertPageOk, type LlmJobRun } from '../llm-runtime.js';
import { mergeAnswers } from '../merge-answers.js';
import { requireLlm } from '../missing-llm.js';
import { dedupeUrls, expandExtractUrls } from './expand-urls.js';
import type { ExtractRequest } from './extract-request.js';
import { relevanceQuery } from './rank-pages.js';

/** What an extract job stores as its output. */
export interface ExtractOutput {
  data: Record<string, unknown>;
  /** Which pages gave each field (`price`, `products`, `products[0]`…). */
  sources: Record<string, string[]>;
  /** Pages read, best first. */
  urls: string[];
  warning?: string;
  llmUsage: LlmUsage;
  tokensUsed: number;
}

export interface ExtractHooks {
  /** The pages to read are known. */
  onPlanned?(count: number): Promise<void> | void;
  /** A page was read (and cost `credits`) or failed. */
  onPage?(outcome: { url: string; ok: boolean; credits: number }): Promise<void> | void;
}

/** Pages a web search adds to an extract job's `limit` pages. */
export const EXTRACT_SEARCH_HITS = 5;
const DEFAULT_CONCURRENCY = 4;

/**
 * The extract pipeline: expand the URLs and globs, rank the pages by relevance to the prompt,
 * scrape each one, ask the model per page, and merge the answers (see merge-answers.ts).
 */
export async function runExtraction(
  request: ExtractRequest,
  runtime: Runtime,
  run: LlmJobRun = {},
  hooks: ExtractHooks = {},
): Promise<ExtractOutput> {
  const llm = requireLlm(runtime.llm, 'Extract');
  const signal = AbortSignal.any(
    [run.signal, request.timeout ? AbortSignal.timeout(request.timeout) : undefined].filter((s): s is AbortSignal => Boolean(s)),
  );
  const expanded = await expandExtractUrls(request, runtime, signal);
  const warnings = [...expanded.warnings];
  let urls = expanded.urls.slice(0, request.limit);
  if (request.enableWebSearch) {
    // The runtime's search provider serves `enableWebSearch`; without one the flag is ignored with a warning.
    if (!runtime.searchProvider) warnings.push('enableWebSearch was ignored: no search provider is configured.');
    else {
      const query = request.prompt ?? relevanceQuery(undefined, request.schema);
      const hits = await runtime.searchProvider.search(query, { limit: EXTRACT_SEARCH_HITS, signal });
      urls = dedupeUrls([...urls, ...hits.map((h) => h.url)]);
    }
  }
  if (!urls.length) {
    throw new TrawlError(
      'INVALID_OPTIONS',
      `No page to extract from. ${warnings.join(' ') || 'Give urls, or a prompt with enableWebSearch and a search provider.'}`,
    );
  }
  await hooks.onPlanned?.(urls.length);

  const { jsonOptions: _json, generateImgAltText: _alt, ...pageOptions } = request.scrapeOptions ?? {};
  // The pages a job reads are its own work, not scrapes of the caller's: they skip the page memory.
  const pageRuntime = withoutStore(runtime);
  const pages = await mapConcurrently(urls, run.concurrency ?? DEFAULT_CONCURRENCY, async (url) => {
    try {
      const document = await scrape(url, { ...pageOptions, formats: ['markdown'], runtime: pageRuntime, signal });
      assertPageOk(document);
      const extraction = await extractFromText(llm, {
        content: document.markdown ?? '',
        ...(request.prompt ? { prompt: request.prompt } : {}),
        ...(request.systemPrompt ? { systemPrompt: request.systemPrompt } : {}),
        ...(request.schema ? { schema: request.schema } : {}),
        url: document.metadata.url,
        ...(document.metadata.title ? { title: document.metadata.title } : {}),
        signal,
      });
      await hooks.onPage?.({ url, ok: true, credits: LLM_PAGE_CREDITS });
      return { url, extraction };
    } catch (error) {
      if (signal.aborted) throw abortError(run.signal, error);
      await hooks.onPage?.({ url, ok: false, credits: 0 });
      return { url, error };
    }
  });

  const read = pages.filter((p): p is { url: string; extraction: TextExtractionResult } => 'extraction' in p);
  const failed = pages.filter((p): p is { url: string; error: unknown } => 'error' in p);
  if (!read.length) {
    const first = failed[0]?.error;
    const code = isTrawlError(first) ? first.code : 'INTERNAL';
    throw new TrawlError(code, `No page could be read: ${failed.map((f) => `${f.url}: ${messageOf(f.error)}`).join('; ')}`, {
      cause: first,
    });
  }
  if (failed.length)
    warnings.push(
      `${failed.length} of ${pages.length} pages could not be read: ${failed.map((f) => `${f.url} (${messageOf(f.error)})`).join('; ')}.`,
    );
  const merged = mergeAnswers(read.map((p) => ({ source: p.url, value: p.extraction.value })));
  const finished = finishAnswer(request.schema, merged.value);
  for (const page of read) warnings.push(...page.extraction.warnings.map((w) => `${page.url}: ${w}`));
  if (finished.warning) warnings.push(finished.warning);
  const llmUsage = read.reduce((sum, p) => addUsage(sum, p.extraction.usage), NO_USAGE);
  return {
    data: finished.value,
    sources: merged.sources,
    urls: read.map((p) => p.url),
    ...(warnings.length ? { warning: warnings.join(' ') } : {}),
    llmUsage,
    tokensUsed: llmUsage.totalTokens,
  };
}

function abortError(callerSignal: AbortSignal | undefined, error: unknown): TrawlError {
  if (callerSignal?.aborted) return new TrawlError('SCRAPE_ABORTED', 'The extract job was cancelled', { cause: error });
  return new TrawlError('SCRAPE_TIMEOUT', 'The extract job ran out of time', { cause: error });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

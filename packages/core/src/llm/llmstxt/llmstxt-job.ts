import type { JobRecord, Store } from '../../ports/store.js';
import { splitRuntime } from '../../runtime/runtime.js';
import type { LlmJobOptions } from '../llm-runtime.js';
import { createLlmJob, llmJobSpecOf, runStoredJob, type StartLlmJobInput } from '../stored-job.js';
import { resolveLlmsTxtRequest, type LlmsTxtRequest, type LlmsTxtRequestInput } from './llmstxt-request.js';
import { runLlmsTxt, type LlmsTxtOutput } from './run-llmstxt.js';

/** Credits of an llms.txt job: this much per call, plus one per processed page. */
export const LLMSTXT_CALL_CREDITS = 1;
export const LLMSTXT_PAGE_CREDITS = 1;

/** Creates an llms.txt job (kind `llmstxt`, status `scraping`) after validating the request. */
export async function startLlmsTxtJob(store: Store, request: LlmsTxtRequestInput, input: StartLlmJobInput = {}): Promise<JobRecord> {
  return createLlmJob(store, 'llmstxt', resolveLlmsTxtRequest(request), input);
}

/**
 * Runs an llms.txt job to its end. The texts so far are saved as the output after every batch
 * of pages, the final ones on completion. Credits: 1 for the call once the pages are known,
 * then 1 per processed page. Works without an LLM (see NO_LLM_WARNING). Never rejects.
 */
export async function runLlmsTxtJob(store: Store, jobId: string, options: LlmJobOptions = {}): Promise<JobRecord | null> {
  const { runtime, rest: run } = splitRuntime(options);
  return runStoredJob<LlmsTxtOutput>(store, jobId, { retentionMs: runtime.retentionMs, signal: run.signal }, (record, signal) =>
    runLlmsTxt(
      llmJobSpecOf<LlmsTxtRequest>(record, 'llmstxt').request,
      runtime,
      { ...run, signal },
      {
        onPlanned: async (count) => void (await store.jobs.increment(jobId, { total: count, creditsUsed: LLMSTXT_CALL_CREDITS })),
        onPage: async ({ ok }) =>
          void (await store.jobs.increment(jobId, ok ? { completed: 1, creditsUsed: LLMSTXT_PAGE_CREDITS } : { failed: 1 })),
        onPartial: async (output) => void (await store.jobs.saveOutput(jobId, output)),
      },
    ),
  );
}

/** Generates llms.txt in this process, with no store: the library's one call. */
export async function generateLlmsTxt(url: string, options: Omit<LlmsTxtRequestInput, 'url'> & LlmJobOptions = {}): Promise<LlmsTxtOutput> {
  const { runtime, rest } = splitRuntime(options);
  const { maxUrls, showFullText, ...run } = rest;
  return runLlmsTxt(resolveLlmsTxtRequest({ url, maxUrls, showFullText }), runtime, run);
}

import type { JobRecord, Store } from '../../ports/store.js';
import { createLlmJob, llmJobSpecOf, runStoredJob, type StartLlmJobInput } from '../stored-job.js';
import { resolveExtractRequest, type ExtractRequest, type ExtractRequestInput } from './extract-request.js';
import { splitRuntime } from '../../runtime/runtime.js';
import type { LlmJobOptions } from '../llm-runtime.js';
import { runExtraction, type ExtractOutput } from './run-extract.js';

/**
 * Creates an extract job (kind `extract`, status `scraping`) after validating the request;
 * `runExtractJob` then does the work, here or in another process on the same store.
 */
export async function startExtractJob(store: Store, request: ExtractRequestInput, input: StartLlmJobInput = {}): Promise<JobRecord> {
  return createLlmJob(store, 'extract', resolveExtractRequest(request), input);
}

/**
 * Runs an extract job to its end: `completed` with an ExtractOutput saved as the record's
 * output, or `failed` with the error (no LLM configured included), or `cancelled`. Counters:
 * `total` pages to read, `completed`/`failed` per page, 5 credits per page read.
 * Never rejects; resolves the final record (null when the job vanished).
 */
export async function runExtractJob(store: Store, jobId: string, options: LlmJobOptions = {}): Promise<JobRecord | null> {
  const { runtime, rest: run } = splitRuntime(options);
  return runStoredJob<ExtractOutput>(store, jobId, { retentionMs: runtime.retentionMs, signal: run.signal }, (record, signal) =>
    runExtraction(
      llmJobSpecOf<ExtractRequest>(record, 'extract').request,
      runtime,
      { ...run, signal },
      {
        onPlanned: async (count) => void (await store.jobs.increment(jobId, { total: count })),
        onPage: async ({ ok, credits }) =>
          void (await store.jobs.increment(jobId, ok ? { completed: 1, creditsUsed: credits } : { failed: 1 })),
      },
    ),
  );
}

/** Extracts in this process, with no store: the library's one call. */
export async function extract(request: ExtractRequestInput, options: LlmJobOptions = {}): Promise<ExtractOutput> {
  const { runtime, rest: run } = splitRuntime(options);
  return runExtraction(resolveExtractRequest(request), runtime, run);
}

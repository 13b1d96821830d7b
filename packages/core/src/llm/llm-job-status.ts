/** The bodies of `GET /v1/extract/{id}` (E5) and `GET /v1/llmstxt/{id}` (E9), from a job record. */
import type { JobRecord, JobStatus } from '../ports/store.js';
import type { ExtractRequest } from './extract/extract-request.js';
import type { ExtractOutput } from './extract/run-extract.js';
import type { LlmsTxtOutput } from './llmstxt/run-llmstxt.js';
import type { LlmJobSpec } from './stored-job.js';

export type LlmJobState = 'processing' | 'completed' | 'failed' | 'cancelled';

export interface ExtractStatus {
  success: boolean;
  status: LlmJobState;
  /** The merged answer once completed; `{}` before. */
  data: Record<string, unknown>;
  expiresAt: string;
  error?: string;
  warning?: string;
  /** Which pages gave each field, when the request set `showSources`. */
  sources?: Record<string, string[]>;
  tokensUsed?: number;
}

export interface LlmsTxtStatus {
  success: boolean;
  status: Exclude<LlmJobState, 'cancelled'>;
  /** The texts so far while processing, the final ones once completed. */
  data: { llmstxt: string; llmsfulltxt?: string };
  expiresAt: string;
  error?: string;
  warning?: string;
}

function stateOf(status: JobStatus): LlmJobState {
  return status === 'scraping' ? 'processing' : status;
}

export function toExtractStatus(record: JobRecord): ExtractStatus {
  const output = record.output as ExtractOutput | undefined;
  const request = (record.options as LlmJobSpec<ExtractRequest> | undefined)?.request;
  return {
    success: record.status !== 'failed',
    status: stateOf(record.status),
    data: output?.data ?? {},
    expiresAt: new Date(record.expiresAt).toISOString(),
    ...(record.error ? { error: record.error.message } : {}),
    ...(output?.warning ? { warning: output.warning } : {}),
    ...(request?.showSources && output ? { sources: output.sources } : {}),
    ...(output ? { tokensUsed: output.tokensUsed } : {}),
  };
}

export function toLlmsTxtStatus(record: JobRecord): LlmsTxtStatus {
  const output = record.output as LlmsTxtOutput | undefined;
  const state = stateOf(record.status);
  return {
    // A cancelled generation reads as failed: the spec knows no other end.
    success: state === 'processing' || state === 'completed',
    status: state === 'cancelled' ? 'failed' : state,
    data: { llmstxt: output?.llmstxt ?? '', ...(output?.llmsfulltxt !== undefined ? { llmsfulltxt: output.llmsfulltxt } : {}) },
    expiresAt: new Date(record.expiresAt).toISOString(),
    ...(record.error ? { error: record.error.message } : state === 'cancelled' ? { error: 'The llms.txt generation was cancelled' } : {}),
    ...(output?.warning ? { warning: output.warning } : {}),
  };
}

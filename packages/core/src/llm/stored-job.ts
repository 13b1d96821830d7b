/**
 * Extract and llms.txt jobs in a Store, shaped like crawl jobs: a record of their kind born
 * `scraping`, counters moved with `increment`, the result written with `saveOutput`, and one
 * end (`completed`, `failed`, or `cancelled` when cancelled from anywhere).
 */
import { randomUUID } from 'node:crypto';
import { errorCodeOf, TrawlError } from '../errors.js';
import { applyJobEvent, cancelJob } from '../jobs/job-events.js';
import { expiryFrom, newJob } from '../jobs/job-record.js';
import type { JobRecord, OpaqueJson, Store } from '../ports/store.js';

export interface StartLlmJobInput {
  jobId?: string;
  teamId?: string;
  /** Retention of the record and its output (default 24 h). */
  retentionMs?: number;
  /** Opaque settings adapters keep with the job (e.g. the http package's origin). */
  extra?: Record<string, unknown>;
}

/** What an extract or llms.txt record keeps in `options`. */
export interface LlmJobSpec<R> {
  kind: 'extract' | 'llmstxt' | 'agent';
  request: R;
  extra?: Record<string, unknown>;
}

export async function createLlmJob<R>(store: Store, kind: LlmJobSpec<R>['kind'], request: R, input: StartLlmJobInput): Promise<JobRecord> {
  const id = input.jobId ?? randomUUID();
  const spec: LlmJobSpec<R> = { kind, request, ...(input.extra ? { extra: input.extra } : {}) };
  const created = await store.jobs.create(
    newJob({ id, kind, teamId: input.teamId ?? 'local', options: spec as OpaqueJson }, { now: Date.now(), retentionMs: input.retentionMs }),
  );
  if (!created) throw new TrawlError('INVALID_OPTIONS', `A job with id ${id} already exists`);
  return created;
}

export function llmJobSpecOf<R>(record: JobRecord, kind: LlmJobSpec<R>['kind']): LlmJobSpec<R> {
  const spec = record.options as LlmJobSpec<R> | undefined;
  if (record.kind !== kind || !spec || spec.kind !== kind) throw new Error(`Job ${record.id} (${record.kind}) is not an ${kind} job`);
  return spec;
}

const CANCEL_CHECK_MS = 1000;

/**
 * Runs a job's work once and records its end. A cancel made elsewhere (another process through
 * the store) aborts the work within a second. Never rejects: failures end the job `failed`.
 */
export async function runStoredJob<O>(
  store: Store,
  jobId: string,
  options: { retentionMs?: number; signal?: AbortSignal },
  work: (record: JobRecord, signal: AbortSignal) => Promise<O>,
): Promise<JobRecord | null> {
  const record = await store.jobs.get(jobId);
  if (record?.status !== 'scraping') return record;
  const cancelled = new AbortController();
  const watch = setInterval(() => {
    store.jobs.get(jobId).then(
      (now) => {
        if (now?.status !== 'scraping') cancelled.abort();
      },
      () => undefined,
    );
  }, CANCEL_CHECK_MS);
  watch.unref();
  const signal = AbortSignal.any([cancelled.signal, ...(options.signal ? [options.signal] : [])]);
  const clock = { retentionMs: options.retentionMs };
  try {
    const output = await work(record, signal);
    await store.jobs.saveOutput(jobId, output as OpaqueJson);
    const done = await store.jobs.setStatus(jobId, 'scraping', 'completed', { expiresAt: expiryFrom({ now: Date.now(), ...clock }) });
    return done ?? store.jobs.get(jobId);
  } catch (error) {
    if (signal.aborted) {
      const outcome = await cancelJob(store, jobId, clock);
      return outcome.outcome === 'not_found' ? null : outcome.job;
    }
    const message = error instanceof Error ? error.message : String(error);
    const failed = await applyJobEvent(store, jobId, { type: 'fail', error: { code: errorCodeOf(error), message } }, clock);
    return failed.outcome === 'not_found' ? null : failed.job;
  } finally {
    clearInterval(watch);
  }
}

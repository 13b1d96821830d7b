/**
 * The state machine's edge: reads a job from a Store, decides with `decideJobEvent`, and writes
 * the decision (an atomic increment, or a compare-and-set that re-decides when it loses a race).
 */
import { randomUUID } from 'node:crypto';
import type { Document } from '../document.js';
import type { ErrorEntry, JobRecord, Lease, ResultEntry, Store } from '../ports/store.js';
import { TrawlError } from '../errors.js';
import { decideJobEvent, type IgnoreReason, type JobEvent } from './job-state.js';

/** Clock and retention for the edge functions; `now` defaults to `Date.now()`. */
export interface JobEventOptions {
  now?: number;
  retentionMs?: number;
}

export type JobEventOutcome =
  | { outcome: 'applied'; job: JobRecord }
  | { outcome: 'ignored'; reason: IgnoreReason; job: JobRecord }
  | { outcome: 'not_found' };

/** A status only ever leaves `scraping` once, so one lost race is the most a caller can see. */
const MAX_CAS_ROUNDS = 3;

export async function applyJobEvent(store: Store, jobId: string, event: JobEvent, options: JobEventOptions = {}): Promise<JobEventOutcome> {
  const clock = { now: options.now ?? Date.now(), retentionMs: options.retentionMs };
  for (let round = 0; round < MAX_CAS_ROUNDS; round++) {
    const job = await store.jobs.get(jobId);
    if (!job) return { outcome: 'not_found' };
    const decision = decideJobEvent(job, event, clock);
    if (decision.type === 'ignore') return { outcome: 'ignored', reason: decision.reason, job };
    const updated =
      decision.type === 'count'
        ? await store.jobs.increment(jobId, decision.delta)
        : await store.jobs.setStatus(jobId, decision.from, decision.to, decision.patch);
    if (updated) return { outcome: 'applied', job: updated };
    if (decision.type === 'count') return { outcome: 'not_found' };
  }
  throw new TrawlError('INTERNAL', `Job ${jobId}: status kept changing under compare-and-set; the store breaks its contract`);
}

export type CancelOutcome =
  | { outcome: 'cancelled'; job: JobRecord }
  /** The job had already ended; `job.status` says how. Nothing changed. */
  | { outcome: 'already_finished'; job: JobRecord }
  | { outcome: 'not_found' };

export async function cancelJob(store: Store, jobId: string, options: JobEventOptions = {}): Promise<CancelOutcome> {
  const result = await applyJobEvent(store, jobId, { type: 'cancel' }, options);
  if (result.outcome === 'not_found') return result;
  if (result.outcome === 'applied') return { outcome: 'cancelled', job: result.job };
  return { outcome: 'already_finished', job: result.job };
}

/**
 * How long a job may look drained while its counters still miss pages before it completes
 * anyway: long enough for any worker between its ack and its record, short enough that a
 * worker killed in that window does not leave the job running forever.
 */
export const UNSETTLED_GRACE_MS = 60_000;

/**
 * Completes the job when its kickoff finished, its frontier is drained, and every page it
 * counted has been recorded. A page is acked before its result is appended and counted, so a
 * drained frontier alone could end the job while another worker is still recording one.
 */
export async function finishJobIfDone(
  store: Store,
  jobId: string,
  options: JobEventOptions & { graceMs?: number } = {},
): Promise<JobEventOutcome> {
  const drained = await store.frontier.isDrained(jobId);
  let settled = true;
  if (drained) {
    const job = await store.jobs.get(jobId);
    if (job) {
      const { completed, failed, total } = job.counters;
      const quietFor = (options.now ?? Date.now()) - job.updatedAt;
      settled = completed + failed >= total || quietFor >= (options.graceMs ?? UNSETTLED_GRACE_MS);
    }
  }
  return applyJobEvent(store, jobId, { type: 'finish', drained: drained && settled }, options);
}

/** Marks the kickoff finished, then completes the job if every page was already handled. */
export async function finishKickoff(store: Store, jobId: string, options: JobEventOptions = {}): Promise<JobEventOutcome> {
  const marked = await applyJobEvent(store, jobId, { type: 'kickoff_finished' }, options);
  if (marked.outcome === 'not_found' || (marked.outcome === 'ignored' && marked.reason === 'terminal')) return marked;
  return finishJobIfDone(store, jobId, options);
}

export type PageOutcome =
  | { type: 'document'; document: Document; credits: number }
  | { type: 'error'; error: string; code?: ErrorEntry['code'] };

export type RecordOutcome =
  | { recorded: true; job: JobRecord }
  /** `stale`: the lease lost its item (expired and handed out again, or already acked). */
  | { recorded: false; reason: 'stale' | 'terminal' | 'not_found' };

/**
 * Records a leased page's final outcome exactly once: acks first, and only the call whose ack
 * succeeded appends the result and counts it. Enqueue the page's links before calling this, so
 * the frontier never looks drained while they are on their way.
 */
export async function recordPageOutcome(
  store: Store,
  lease: Lease,
  outcome: PageOutcome,
  options: JobEventOptions = {},
): Promise<RecordOutcome> {
  if (!(await store.frontier.ack(lease))) return { recorded: false, reason: 'stale' };
  const job = await store.jobs.get(lease.jobId);
  if (!job) return { recorded: false, reason: 'not_found' };
  if (job.status !== 'scraping') return { recorded: false, reason: 'terminal' };
  const now = options.now ?? Date.now();
  const url = lease.item.url;
  const entry: ResultEntry =
    outcome.type === 'document'
      ? { kind: 'document', url, document: outcome.document }
      : { kind: 'error', id: randomUUID(), url, error: outcome.error, at: now, ...(outcome.code ? { code: outcome.code } : {}) };
  await store.results.append(lease.jobId, [entry]);
  const event: JobEvent = outcome.type === 'document' ? { type: 'page_completed', credits: outcome.credits } : { type: 'page_failed' };
  const counted = await applyJobEvent(store, lease.jobId, event, { ...options, now });
  if (counted.outcome === 'not_found') return { recorded: false, reason: 'not_found' };
  return { recorded: true, job: counted.job };
}

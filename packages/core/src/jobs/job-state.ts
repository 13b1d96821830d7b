/**
 * The job state machine as pure functions. A job is born `scraping` (see `newJob`) and ends once,
 * in `completed`, `failed` or `cancelled`; nothing moves it afterwards. Events only decide what
 * to write; `job-events.ts` performs the writes against a Store, where counters are atomic
 * increments (many workers) and status changes are compare-and-set.
 */
import type { CounterDelta, JobError, JobPatch, JobRecord, JobStatus } from '../ports/store.js';
import { expiryFrom, isTerminal, type JobClock } from './job-record.js';

export type JobEvent =
  /** URLs newly accepted by the frontier: each is a page the job will attempt. */
  | { type: 'discovered'; count: number }
  /** A page produced a document and cost `credits`. */
  | { type: 'page_completed'; credits: number }
  /** A page ended in an error; send this once per page, after its last attempt. */
  | { type: 'page_failed' }
  /** The job finished seeding its frontier (start URL, sitemaps, batch URLs). */
  | { type: 'kickoff_finished' }
  /** A check whether the job is done; `drained` is the frontier's answer. */
  | { type: 'finish'; drained: boolean }
  | { type: 'cancel' }
  /** A fatal error ends the whole job. */
  | { type: 'fail'; error: JobError };

export type IgnoreReason =
  /** The job already ended; late events change nothing. */
  | 'terminal'
  /** A finish check came before the kickoff finished or while work remains. */
  | 'not_finished'
  /** The event would change nothing (no new URLs, kickoff already marked). */
  | 'no_change';

export type JobDecision =
  | { type: 'ignore'; reason: IgnoreReason }
  | { type: 'count'; delta: CounterDelta }
  | { type: 'transition'; from: JobStatus; to: JobStatus; patch: JobPatch };

/** What `event` does to `job`. */
export function decideJobEvent(job: JobRecord, event: JobEvent, clock: JobClock): JobDecision {
  if (isTerminal(job.status)) return { type: 'ignore', reason: 'terminal' };
  switch (event.type) {
    case 'discovered':
      return event.count > 0 ? { type: 'count', delta: { total: event.count } } : { type: 'ignore', reason: 'no_change' };
    case 'page_completed':
      return { type: 'count', delta: { completed: 1, creditsUsed: event.credits } };
    case 'page_failed':
      return { type: 'count', delta: { failed: 1 } };
    case 'kickoff_finished':
      return job.kickoffFinished
        ? { type: 'ignore', reason: 'no_change' }
        : { type: 'transition', from: 'scraping', to: 'scraping', patch: { kickoffFinished: true } };
    case 'finish':
      return job.kickoffFinished && event.drained ? end('completed', clock) : { type: 'ignore', reason: 'not_finished' };
    case 'cancel':
      return end('cancelled', clock);
    case 'fail':
      return end('failed', clock, { error: event.error });
  }
}

/** Ending restarts retention, so results stay readable for the full period after the end. */
function end(to: JobStatus, clock: JobClock, patch: JobPatch = {}): JobDecision {
  return { type: 'transition', from: 'scraping', to, patch: { ...patch, expiresAt: expiryFrom(clock) } };
}

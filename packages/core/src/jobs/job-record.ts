import type { JobKind, JobStatus, NewJob, OpaqueJson } from '../ports/store.js';
import { DEFAULT_RETENTION_MS } from '../settings/defaults.js';

/** How long a job and its results stay readable by default: 24 hours, as Firecrawl keeps them. */
export { DEFAULT_RETENTION_MS };

/** Time inputs of job logic, passed in so that the logic stays pure and testable. */
export interface JobClock {
  /** Epoch ms. */
  now: number;
  /** Retention after creation and again after the job ends (default 24 h). */
  retentionMs?: number;
}

export const TERMINAL_STATUSES: readonly JobStatus[] = ['completed', 'failed', 'cancelled'];

export function isTerminal(status: JobStatus): boolean {
  return status !== 'scraping';
}

/** When a job touched at `clock.now` expires. */
export function expiryFrom(clock: JobClock): number {
  return clock.now + (clock.retentionMs ?? DEFAULT_RETENTION_MS);
}

/**
 * The record to hand to `store.jobs.create`. A running job expires `retentionMs` after its
 * creation; ending it restarts the retention from the end (see job-state.ts).
 */
export function newJob(input: { id: string; kind: JobKind; teamId: string; options: OpaqueJson }, clock: JobClock): NewJob {
  return { ...input, createdAt: clock.now, expiresAt: expiryFrom(clock) };
}

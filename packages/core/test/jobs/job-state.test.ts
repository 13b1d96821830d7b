import { describe, expect, it } from 'vitest';
import { DEFAULT_RETENTION_MS, isTerminal, type JobClock, newJob } from '../../src/jobs/job-record.js';
import { decideJobEvent, type JobDecision, type JobEvent } from '../../src/jobs/job-state.js';
import type { JobError, JobRecord, JobStatus } from '../../src/ports/store.js';

/** The record after `decision`, as a Store applying it would leave it: the model the decisions are checked against. */
function applyJobDecision(job: JobRecord, decision: JobDecision, now: number): JobRecord {
  switch (decision.type) {
    case 'ignore':
      return job;
    case 'count': {
      const { delta } = decision;
      const counters = {
        total: job.counters.total + (delta.total ?? 0),
        completed: job.counters.completed + (delta.completed ?? 0),
        failed: job.counters.failed + (delta.failed ?? 0),
        creditsUsed: job.counters.creditsUsed + (delta.creditsUsed ?? 0),
      };
      return { ...job, counters, updatedAt: now };
    }
    case 'transition':
      if (job.status !== decision.from) return job;
      return { ...job, ...decision.patch, status: decision.to, updatedAt: now };
  }
}

/** `decideJobEvent` then `applyJobDecision`, as the store-backed edges run them: the job as it reads after the event. */
function nextJobState(job: JobRecord, event: JobEvent, clock: JobClock): JobRecord {
  return applyJobDecision(job, decideJobEvent(job, event, clock), clock.now);
}

const T0 = Date.UTC(2025, 0, 1);
const clock = { now: T0 + 5000, retentionMs: 60_000 };

/** The record a store makes from `newJob`, with the given changes. */
function job(changes: Partial<JobRecord> = {}): JobRecord {
  const created = newJob({ id: 'job-1', kind: 'crawl', teamId: 'team', options: { url: 'https://a.test/' } }, { now: T0 });
  return {
    ...created,
    status: 'scraping',
    updatedAt: T0,
    counters: { total: 0, completed: 0, failed: 0, creditsUsed: 0 },
    kickoffFinished: false,
    ...changes,
  };
}

describe('starting a job', () => {
  it('creates it now, expiring after the default 24 h retention', () => {
    const created = newJob({ id: 'j', kind: 'batch_scrape', teamId: 't', options: { urls: ['https://a.test/'] } }, { now: T0 });
    expect(created).toEqual({
      id: 'j',
      kind: 'batch_scrape',
      teamId: 't',
      options: { urls: ['https://a.test/'] },
      createdAt: T0,
      expiresAt: T0 + 24 * 60 * 60 * 1000,
    });
    expect(DEFAULT_RETENTION_MS).toBe(86_400_000);
    expect(newJob({ id: 'j', kind: 'crawl', teamId: 't', options: {} }, { now: T0, retentionMs: 1000 }).expiresAt).toBe(T0 + 1000);
  });
});

describe('counting pages', () => {
  it('adds discovered URLs to total, and ignores an empty discovery', () => {
    expect(decideJobEvent(job(), { type: 'discovered', count: 3 }, clock)).toEqual({ type: 'count', delta: { total: 3 } });
    expect(nextJobState(job(), { type: 'discovered', count: 3 }, clock).counters.total).toBe(3);
    expect(decideJobEvent(job(), { type: 'discovered', count: 0 }, clock)).toEqual({ type: 'ignore', reason: 'no_change' });
  });

  it('counts a completed page and its credits, leaving the status alone', () => {
    const before = job({ counters: { total: 2, completed: 0, failed: 0, creditsUsed: 0 } });
    const after = nextJobState(before, { type: 'page_completed', credits: 5 }, clock);
    expect(after).toMatchObject({
      status: 'scraping',
      counters: { total: 2, completed: 1, failed: 0, creditsUsed: 5 },
      updatedAt: clock.now,
    });
  });

  it('records a failed page once, as a failure only', () => {
    const before = job({ counters: { total: 2, completed: 1, failed: 0, creditsUsed: 1 } });
    expect(decideJobEvent(before, { type: 'page_failed' }, clock)).toEqual({ type: 'count', delta: { failed: 1 } });
    expect(nextJobState(before, { type: 'page_failed' }, clock).counters).toEqual({ total: 2, completed: 1, failed: 1, creditsUsed: 1 });
  });
});

describe('finishing', () => {
  it('marks the kickoff finished once', () => {
    expect(decideJobEvent(job(), { type: 'kickoff_finished' }, clock)).toEqual({
      type: 'transition',
      from: 'scraping',
      to: 'scraping',
      patch: { kickoffFinished: true },
    });
    expect(decideJobEvent(job({ kickoffFinished: true }), { type: 'kickoff_finished' }, clock)).toEqual({
      type: 'ignore',
      reason: 'no_change',
    });
  });

  it('completes only when the kickoff finished and the frontier is drained', () => {
    expect(decideJobEvent(job(), { type: 'finish', drained: true }, clock)).toEqual({ type: 'ignore', reason: 'not_finished' });
    expect(decideJobEvent(job({ kickoffFinished: true }), { type: 'finish', drained: false }, clock)).toEqual({
      type: 'ignore',
      reason: 'not_finished',
    });
    const done = nextJobState(job({ kickoffFinished: true }), { type: 'finish', drained: true }, clock);
    expect(done).toMatchObject({ status: 'completed', updatedAt: clock.now, expiresAt: clock.now + clock.retentionMs });
  });

  it('fails on a fatal error, keeping the error', () => {
    const error: JobError = { code: 'SCRAPE_DNS_RESOLUTION_ERROR', message: 'no such host' };
    const failed = nextJobState(job(), { type: 'fail', error }, clock);
    expect(failed).toMatchObject({ status: 'failed', error, expiresAt: clock.now + clock.retentionMs });
  });
});

describe('cancelling', () => {
  it('cancels a running job and restarts its retention', () => {
    expect(decideJobEvent(job(), { type: 'cancel' }, clock)).toEqual({
      type: 'transition',
      from: 'scraping',
      to: 'cancelled',
      patch: { expiresAt: clock.now + clock.retentionMs },
    });
  });

  it.each(['completed', 'failed', 'cancelled'] as const)('is a no-op on a %s job', (status) => {
    const ended = job({ status });
    expect(decideJobEvent(ended, { type: 'cancel' }, clock)).toEqual({ type: 'ignore', reason: 'terminal' });
    expect(nextJobState(ended, { type: 'cancel' }, clock)).toBe(ended);
  });
});

describe('after the end', () => {
  const late: JobEvent[] = [
    { type: 'discovered', count: 4 },
    { type: 'page_completed', credits: 1 },
    { type: 'page_failed' },
    { type: 'kickoff_finished' },
    { type: 'finish', drained: true },
    { type: 'cancel' },
    { type: 'fail', error: { code: 'INTERNAL', message: 'late' } },
  ];
  const terminal: JobStatus[] = ['completed', 'failed', 'cancelled'];

  it('ignores every event on every terminal status', () => {
    for (const status of terminal) {
      expect(isTerminal(status)).toBe(true);
      const ended = job({ status, counters: { total: 3, completed: 2, failed: 1, creditsUsed: 2 } });
      for (const event of late) {
        expect(decideJobEvent(ended, event, clock)).toEqual({ type: 'ignore', reason: 'terminal' });
        expect(nextJobState(ended, event, clock)).toBe(ended);
      }
    }
    expect(isTerminal('scraping')).toBe(false);
  });

  it('applies a transition only from its expected status, as a store would', () => {
    const decision = decideJobEvent(job(), { type: 'cancel' }, clock);
    const completed = job({ status: 'completed' });
    expect(applyJobDecision(completed, decision, clock.now)).toBe(completed);
  });
});

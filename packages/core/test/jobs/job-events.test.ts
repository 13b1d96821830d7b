import { beforeEach, describe, expect, it } from 'vitest';
import type { Document } from '../../src/document.js';
import { applyJobEvent, cancelJob, finishJobIfDone, finishKickoff, recordPageOutcome } from '../../src/jobs/job-events.js';
import { newJob } from '../../src/jobs/job-record.js';
import { readErrorsReport } from '../../src/jobs/result-pages.js';
import { toV1JobStatus } from '../../src/jobs/status-views.js';
import type { FrontierEntry, Store } from '../../src/ports/store.js';
import { createMemoryStore } from '../../src/stores/memory/index.js';

let now = Date.UTC(2025, 5, 1);
let store: Store;

beforeEach(async () => {
  now = Date.UTC(2025, 5, 1);
  store = createMemoryStore({ now: () => now });
});

async function startJob(id = 'job-1'): Promise<string> {
  await store.jobs.create(newJob({ id, kind: 'crawl', teamId: 'team', options: {} }, { now }));
  return id;
}

/** Enqueues like a crawl does: count what the frontier accepted as discovered. */
async function discover(jobId: string, paths: string[]): Promise<void> {
  const entries: FrontierEntry[] = paths.map((path) => ({ url: `https://a.test/${path}`, key: `a.test/${path}`, depth: 1 }));
  const accepted = await store.frontier.enqueue(jobId, entries);
  await applyJobEvent(store, jobId, { type: 'discovered', count: accepted.length }, { now });
}

function page(url: string): Document {
  return { markdown: `# ${url}`, metadata: { sourceURL: url, url, statusCode: 200 } };
}

describe('applying events to a stored job', () => {
  it('reports a missing job', async () => {
    expect(await applyJobEvent(store, 'nope', { type: 'page_failed' }, { now })).toEqual({ outcome: 'not_found' });
    expect(await cancelJob(store, 'nope', { now })).toEqual({ outcome: 'not_found' });
  });

  it('runs a crawl from kickoff to completed', async () => {
    const jobId = await startJob();
    await discover(jobId, ['', 'a', 'a', 'b']);
    expect((await store.jobs.get(jobId))?.counters.total).toBe(3);

    const kicked = await finishKickoff(store, jobId, { now });
    expect(kicked).toMatchObject({ outcome: 'ignored', reason: 'not_finished' });
    expect((await store.jobs.get(jobId))?.kickoffFinished).toBe(true);

    const leases = await store.frontier.lease({ max: 10, leaseMs: 30_000, jobId });
    const [home, a, b] = leases;
    if (!home || !a || !b) throw new Error('expected three leases');
    // The home page links to one new page: enqueue before recording, so the frontier never looks drained.
    await discover(jobId, ['c']);
    expect(await recordPageOutcome(store, home, { type: 'document', document: page(home.item.url), credits: 1 }, { now })).toMatchObject({
      recorded: true,
    });
    await recordPageOutcome(store, a, { type: 'error', error: 'Connection refused', code: 'SCRAPE_CONNECTION_ERROR' }, { now });
    await recordPageOutcome(store, b, { type: 'document', document: page(b.item.url), credits: 1 }, { now });
    expect(await finishJobIfDone(store, jobId, { now })).toMatchObject({ outcome: 'ignored', reason: 'not_finished' });

    const [c] = await store.frontier.lease({ max: 10, leaseMs: 30_000, jobId });
    if (!c) throw new Error('expected the discovered page');
    await recordPageOutcome(store, c, { type: 'document', document: page(c.item.url), credits: 5 }, { now });
    now += 1000;
    const finished = await finishJobIfDone(store, jobId, { now, retentionMs: 60_000 });
    expect(finished).toMatchObject({ outcome: 'applied', job: { status: 'completed', expiresAt: now + 60_000 } });
    expect(toV1JobStatus((await store.jobs.get(jobId))!)).toEqual({
      status: 'completed',
      total: 4,
      completed: 3,
      creditsUsed: 7,
      expiresAt: new Date(now + 60_000).toISOString(),
    });
    const report = await readErrorsReport(store, jobId);
    expect(report.errors).toMatchObject([{ url: 'https://a.test/a', error: 'Connection refused', code: 'SCRAPE_CONNECTION_ERROR' }]);
  });

  it('completes at kickoff when every page was already handled', async () => {
    const jobId = await startJob();
    await discover(jobId, ['']);
    const [lease] = await store.frontier.lease({ max: 1, leaseMs: 30_000, jobId });
    await recordPageOutcome(store, lease!, { type: 'document', document: page(lease!.item.url), credits: 1 }, { now });
    expect(await finishKickoff(store, jobId, { now })).toMatchObject({ outcome: 'applied', job: { status: 'completed' } });
  });
});

describe('cancelling a stored job', () => {
  it('cancels a running job, then answers that it already ended', async () => {
    const jobId = await startJob();
    expect(await cancelJob(store, jobId, { now })).toMatchObject({ outcome: 'cancelled', job: { status: 'cancelled' } });
    expect(await cancelJob(store, jobId, { now })).toMatchObject({ outcome: 'already_finished', job: { status: 'cancelled' } });
  });

  it('leaves a completed job completed', async () => {
    const jobId = await startJob();
    await finishKickoff(store, jobId, { now });
    const result = await cancelJob(store, jobId, { now });
    expect(result).toMatchObject({ outcome: 'already_finished', job: { status: 'completed' } });
    expect((await store.jobs.get(jobId))?.status).toBe('completed');
  });

  it('lets exactly one of a racing cancel and finish end the job', async () => {
    for (let round = 0; round < 20; round++) {
      const jobId = await startJob(`race-${round}`);
      await applyJobEvent(store, jobId, { type: 'kickoff_finished' }, { now });
      const [cancelled, finished] = await Promise.all([cancelJob(store, jobId, { now }), finishJobIfDone(store, jobId, { now })]);
      const winners = [cancelled.outcome === 'cancelled', finished.outcome === 'applied'].filter(Boolean);
      expect(winners).toHaveLength(1);
      const status = (await store.jobs.get(jobId))?.status;
      expect(status).toBe(cancelled.outcome === 'cancelled' ? 'cancelled' : 'completed');
    }
  });

  it('ignores what arrives after the cancel', async () => {
    const jobId = await startJob();
    await discover(jobId, ['x', 'y']);
    const [lease] = await store.frontier.lease({ max: 1, leaseMs: 30_000, jobId });
    await cancelJob(store, jobId, { now });
    expect(await applyJobEvent(store, jobId, { type: 'discovered', count: 5 }, { now })).toMatchObject({
      outcome: 'ignored',
      reason: 'terminal',
    });
    expect(await recordPageOutcome(store, lease!, { type: 'document', document: page('https://a.test/x'), credits: 1 }, { now })).toEqual({
      recorded: false,
      reason: 'terminal',
    });
    expect(await store.results.count(jobId)).toBe(0);
    expect((await store.jobs.get(jobId))?.counters).toEqual({ total: 2, completed: 0, failed: 0, creditsUsed: 0 });
  });
});

describe('recording page outcomes', () => {
  it('records a page once even when two workers hold leases on it', async () => {
    const jobId = await startJob();
    await discover(jobId, ['slow']);
    const [first] = await store.frontier.lease({ max: 1, leaseMs: 1000, jobId });
    now += 1500;
    const [second] = await store.frontier.lease({ max: 1, leaseMs: 1000, jobId });
    expect(
      await recordPageOutcome(store, second!, { type: 'document', document: page('https://a.test/slow'), credits: 1 }, { now }),
    ).toMatchObject({
      recorded: true,
    });
    expect(
      await recordPageOutcome(store, first!, { type: 'document', document: page('https://a.test/slow'), credits: 1 }, { now }),
    ).toEqual({
      recorded: false,
      reason: 'stale',
    });
    expect(await recordPageOutcome(store, second!, { type: 'error', error: 'again' }, { now })).toEqual({
      recorded: false,
      reason: 'stale',
    });
    expect(await store.results.count(jobId)).toBe(1);
    expect((await store.jobs.get(jobId))?.counters).toMatchObject({ completed: 1, failed: 0, creditsUsed: 1 });
  });

  it('counts every page recorded by many concurrent workers', async () => {
    const jobId = await startJob();
    await discover(
      jobId,
      Array.from({ length: 30 }, (_, i) => `p${i}`),
    );
    const leases = await store.frontier.lease({ max: 30, leaseMs: 30_000, jobId });
    await Promise.all(
      leases.map((lease, i) =>
        recordPageOutcome(
          store,
          lease,
          i % 3 === 0 ? { type: 'error', error: 'boom' } : { type: 'document', document: page(lease.item.url), credits: 2 },
          { now },
        ),
      ),
    );
    expect((await store.jobs.get(jobId))?.counters).toEqual({ total: 30, completed: 20, failed: 10, creditsUsed: 40 });
    expect(await store.results.count(jobId, 'document')).toBe(20);
    expect(await store.results.count(jobId, 'error')).toBe(10);
    expect(await store.frontier.isDrained(jobId)).toBe(true);
  });
});

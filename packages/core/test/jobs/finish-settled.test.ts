import { describe, expect, it } from 'vitest';
import { applyJobEvent, finishJobIfDone, finishKickoff } from '../../src/jobs/job-events.js';
import { createMemoryStore } from '../../src/index.js';
import { newJob } from '../../src/jobs/job-record.js';

describe('finishJobIfDone waits for every counted page to be recorded', () => {
  async function drainedJobWithUnrecordedPage(now: () => number) {
    const store = createMemoryStore({ now });
    await store.jobs.create(newJob({ id: 'j', kind: 'crawl', teamId: 't', options: {} }, { now: now() }));
    await store.frontier.enqueue('j', [{ url: 'https://a.test/', key: 'a', depth: 0 }]);
    await applyJobEvent(store, 'j', { type: 'discovered', count: 1 }, { now: now() });
    await finishKickoff(store, 'j', { now: now() });
    const [lease] = await store.frontier.lease({ max: 1, leaseMs: 1000, jobId: 'j' });
    // A worker acked the page and has not yet appended or counted it.
    await store.frontier.ack(lease!);
    return store;
  }

  it('does not complete a drained job while a page is between ack and record', async () => {
    const clock = 1_000_000;
    const store = await drainedJobWithUnrecordedPage(() => clock);
    const early = await finishJobIfDone(store, 'j', { now: clock });
    expect(early.outcome === 'ignored' && early.reason).toBe('not_finished');
    await applyJobEvent(store, 'j', { type: 'page_completed', credits: 1 }, { now: clock });
    const done = await finishJobIfDone(store, 'j', { now: clock });
    expect(done.outcome === 'applied' && done.job.status).toBe('completed');
  });

  it('completes anyway once the job has been quiet for the grace period (a worker died in that window)', async () => {
    let clock = 1_000_000;
    const store = await drainedJobWithUnrecordedPage(() => clock);
    clock += 59_000;
    expect((await finishJobIfDone(store, 'j', { now: clock })).outcome).toBe('ignored');
    clock += 2_000;
    const done = await finishJobIfDone(store, 'j', { now: clock });
    expect(done.outcome === 'applied' && done.job.status).toBe('completed');
  });
});

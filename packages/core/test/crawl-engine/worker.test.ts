import { startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cancelJob } from '../../src/jobs/job-events.js';
import { createMemoryStore } from '../../src/index.js';
import { readAllDocuments } from '../../src/jobs/result-pages.js';
import { startBatchJob, startCrawlJob } from '../../src/crawl/start-job.js';
import { startWorker } from '../../src/crawl/worker.js';
import type { JobRecord, Store } from '../../src/ports/store.js';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(() => site.close());

async function waitForEnd(store: Store, id: string, timeoutMs = 15_000): Promise<JobRecord> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await store.jobs.get(id);
    if (job && job.status !== 'scraping') return job;
    if (Date.now() > deadline) throw new Error(`job ${id} still ${job?.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('startWorker()', () => {
  it('lets two workers share one crawl, every page recorded exactly once', async () => {
    const store = createMemoryStore();
    const workers = [startWorker({ store, concurrency: 3 }), startWorker({ store, concurrency: 3 })];
    try {
      const job = await startCrawlJob(
        `${site.url}/crawl/`,
        { ignoreSitemap: true, ignoreQueryParameters: true },
        { store, teamId: 'team-a' },
      );
      const ended = await waitForEnd(store, job.id);
      expect(ended.status).toBe('completed');
      const docs = await readAllDocuments(store, job.id);
      const urls = docs.map((d) => d.metadata.url);
      expect(new Set(urls).size).toBe(urls.length);
      expect(ended.counters.completed).toBe(docs.length);
      expect(docs.length).toBe(14);
      expect(ended.teamId).toBe('team-a');
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
  });

  it('runs batch jobs and several jobs at once', async () => {
    const store = createMemoryStore();
    const worker = startWorker({ store, concurrency: 4 });
    try {
      const a = await startBatchJob([`${site.url}/blog/1`, `${site.url}/blog/2`], {}, { store });
      const b = await startBatchJob([`${site.url}/blog/3`], {}, { store, scrapeOptions: { formats: ['links'], onlyMainContent: false } });
      const [endA, endB] = await Promise.all([waitForEnd(store, a.id), waitForEnd(store, b.id)]);
      expect(endA.counters.completed).toBe(2);
      expect(endB.counters.completed).toBe(1);
      const [doc] = await readAllDocuments(store, b.id);
      expect(doc!.links!.length).toBeGreaterThan(0);
      expect(doc!.markdown).toBeUndefined();
    } finally {
      await worker.stop();
    }
  });

  it('stops running the pages of a job cancelled elsewhere', async () => {
    // Each page after the first waits out a 60 s Crawl-delay: only a worker that gives the
    // cancelled job's pages up drains its frontier before the 20 s deadlines below.
    const slow = await startFixtureSite({ crawlDelay: 60 });
    const store = createMemoryStore();
    const worker = startWorker({ store, concurrency: 2, cancelCheckMs: 100 });
    try {
      const job = await startCrawlJob(`${slow.url}/crawl/`, { ignoreSitemap: true }, { store });
      await vi.waitFor(async () => expect((await store.jobs.get(job.id))?.counters.completed).toBe(1), { timeout: 20_000, interval: 20 });
      await cancelJob(store, job.id);
      await vi.waitFor(
        async () => {
          expect(await store.frontier.isDrained(job.id)).toBe(true);
          expect(worker.activeJobs).toBe(0);
        },
        { timeout: 20_000, interval: 20 },
      );
      expect(slow.requests.map((request) => request.path).filter((path) => path.startsWith('/crawl/'))).toEqual(['/crawl/']);
      expect((await store.jobs.get(job.id))?.status).toBe('cancelled');
      expect(await store.frontier.stats(job.id)).toMatchObject({ leased: 0, pending: 0 });
    } finally {
      await worker.stop();
      await slow.close();
    }
  }, 60_000);

  it('finishes a job left one count short by a worker killed between recording a page and counting it', async () => {
    const store = createMemoryStore();
    const urls = [1, 2, 3].map((n) => `${site.url}/blog/${n}`);
    const job = await startBatchJob(urls, {}, { store });
    // The dead worker: it acked and appended its page, then died before counting it.
    const [lease] = await store.frontier.lease({ max: 1, leaseMs: 60_000, jobId: job.id });
    expect(await store.frontier.ack(lease!)).toBe(true);
    await store.results.append(job.id, [
      {
        kind: 'document',
        url: lease!.item.url,
        document: { markdown: 'recorded', metadata: { sourceURL: lease!.item.url, url: lease!.item.url, statusCode: 200 } },
      },
    ]);

    const worker = startWorker({ store, concurrency: 2, cancelCheckMs: 50, settleGraceMs: 500 });
    try {
      // Its last page leaves the job drained at 2 of 3: only the idle check can end it.
      const ended = await waitForEnd(store, job.id);
      expect(ended.status).toBe('completed');
      expect(ended.counters).toMatchObject({ total: 3, completed: 2 });
      expect((await readAllDocuments(store, job.id)).map((d) => d.metadata.sourceURL).sort()).toEqual(urls);
    } finally {
      await worker.stop();
    }
  });

  it('hands unfinished pages back on stop so another worker finishes the job', async () => {
    const slow = await startFixtureSite({ crawlDelay: 0.2 });
    const store = createMemoryStore();
    const first = startWorker({ store, concurrency: 2 });
    const job = await startCrawlJob(`${slow.url}/crawl/`, { ignoreSitemap: true, limit: 6 }, { store });
    while (((await store.jobs.get(job.id))?.counters.completed ?? 0) < 2) await new Promise((r) => setTimeout(r, 20));
    await first.stop();
    const second = startWorker({ store, concurrency: 2 });
    try {
      const ended = await waitForEnd(store, job.id);
      expect(ended.status).toBe('completed');
      expect(ended.counters.completed + ended.counters.failed).toBe(ended.counters.total);
      expect(ended.counters.total).toBeGreaterThanOrEqual(5);
      expect(await store.frontier.stats(job.id)).toMatchObject({ pending: 0, leased: 0 });
      const urls = (await readAllDocuments(store, job.id)).map((d) => d.metadata.url);
      expect(new Set(urls).size).toBe(urls.length);
    } finally {
      await second.stop();
      await slow.close();
    }
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startCrawlJob } from '@trawl/core/server';
import type { DocumentEntry, ResultEntry, Store } from '@trawl/core/ports';
import { startSyntheticSite, startWorkerProcess, waitFor, type WorkerProcess } from '@trawl/testkit';
import { createSqliteStore } from '../src/index.js';

const PAGES = 300;
const LEASE_MS = 2000;

const dir = mkdtempSync(join(tmpdir(), 'trawl-sqlite-crash-'));
const workers: WorkerProcess[] = [];
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.stop()));
  rmSync(dir, { recursive: true, force: true });
});

async function allEntries(store: Store, jobId: string): Promise<ResultEntry[]> {
  const entries: ResultEntry[] = [];
  for (let offset: number | null = 0; offset !== null; ) {
    const page = await store.results.read(jobId, { offset, maxCount: 100, maxBytes: 10_000_000 });
    entries.push(...page.entries);
    offset = page.next;
  }
  return entries;
}

it('finishes a crawl with every page exactly once after the worker process is killed mid-crawl', async () => {
  const site = await startSyntheticSite({ pages: PAGES, minPageBytes: 2000, maxPageBytes: 6000 });
  const path = join(dir, 'trawl.db');
  const store = createSqliteStore({ path });
  try {
    const job = await startCrawlJob(site.url, { limit: 1000 }, { store });
    store.flush();
    const args = ['--store', `sqlite:${path}`, '--lease-ms', String(LEASE_MS), '--allow-private-network'];

    const first = await startWorkerProcess(args);
    workers.push(first);
    await waitFor('the first pages', async () => ((await store.results.count(job.id, 'document')) >= 60 ? true : undefined));
    await first.kill();

    const atKill = await store.results.count(job.id, 'document');
    const frontier = await store.frontier.stats(job.id);
    expect(atKill).toBeLessThan(PAGES);
    // Pages were in flight when the process died: their leases outlive it.
    expect(frontier.leased).toBeGreaterThan(0);
    expect((await store.jobs.get(job.id))?.status).toBe('scraping');

    const second = await startWorkerProcess(args);
    workers.push(second);
    const finished = await waitFor('the crawl to finish', async () => {
      const record = await store.jobs.get(job.id);
      return record?.status === 'scraping' ? undefined : record;
    });

    expect(finished).toMatchObject({ status: 'completed', counters: { total: PAGES, completed: PAGES, failed: 0 } });
    const entries = await allEntries(store, job.id);
    const urls = entries.filter((entry): entry is DocumentEntry => entry.kind === 'document').map((entry) => new URL(entry.url).pathname);
    expect(entries).toHaveLength(PAGES);
    expect(new Set(urls).size).toBe(PAGES);
    expect(new Set(urls)).toEqual(new Set(site.pagePaths));
    expect(second.log()).toContain(`job ${job.id} completed: ${PAGES} pages, 0 failed`);
  } finally {
    await store.close();
    await site.close();
  }
}, 120_000);

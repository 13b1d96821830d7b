import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startCrawlJob } from '@trawl/core/server';
import { killWorkerMidCrawl, type WorkerProcess } from '@trawl/testkit';
import { createSqliteStore } from '../src/index.js';

/** Past a hold owner's lease (PROCESS_HOLD_OWNER.leaseMs, a minute): what a sweep a minute later sees. */
const AFTER_LEASE_MS = 61_000;

const dir = mkdtempSync(join(tmpdir(), 'trawl-sqlite-holds-'));
const workers: WorkerProcess[] = [];
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.stop()));
  rmSync(dir, { recursive: true, force: true });
});

it('gives back the holds of a worker killed mid-crawl, and charges each page once in the end', async () => {
  const path = join(dir, 'trawl.db');
  const store = createSqliteStore({ path });
  // The same file read a minute later: the killed worker's owner lease has lapsed by its clock.
  const later = createSqliteStore({ path, now: () => Date.now() + AFTER_LEASE_MS });
  try {
    const startCrawl = async (url: string, teamId: string) => {
      const job = await startCrawlJob(url, { limit: 1000 }, { store, teamId, apiKey: 'key' });
      store.flush();
      return job.id;
    };
    const figures = await killWorkerMidCrawl({ store, later, startCrawl, storeArg: `sqlite:${path}`, workers });
    expect(figures.reclaimed).toBeGreaterThan(0);
    console.info(`sqlite: ${figures.reclaimed} holds reclaimed, ${figures.unsettledAtKill} recorded pages unsettled at the kill`);
  } finally {
    await later.close();
    await store.close();
  }
}, 180_000);

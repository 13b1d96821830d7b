import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteStore, type SqliteStore } from '@trawl/store-sqlite';
import { startFixtureSite, startSyntheticSite, type FixtureSite, type SyntheticSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietLogger, startApi, type TestApi } from './helpers/api-server.js';

/**
 * A worker's slots between teams (issue #31): team A's pages that never answer cannot hold every
 * slot while team B has pages too (a team holds all slots but one while another team's pages
 * came in the last 30 s), so B's crawl is leased and completes beside them; a team alone holds
 * every slot. Without the cap, A's pages held all three slots and B's crawl waited for one of
 * them to time out.
 */
const CONCURRENCY = 3;
let fixture: FixtureSite;
let small: SyntheticSite;
const dir = mkdtempSync(join(tmpdir(), 'trawl-worker-slots-'));

beforeAll(async () => {
  fixture = await startFixtureSite();
  small = await startSyntheticSite({ pages: 20, minPageBytes: 1_000, maxPageBytes: 2_000, linksPerPage: 4 });
});
afterAll(async () => {
  await fixture?.close();
  await small?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  // A hang guard only, shorter than A's page timeout: the assertions are about slots, not time.
  for (let tries = 0; tries < 1200; tries++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`gave up waiting for ${what}`);
}

async function withApi(name: string, run: (api: TestApi, store: SqliteStore) => Promise<void>, pagesPerTeam?: number): Promise<void> {
  const store = createSqliteStore({ path: join(dir, `${name}.db`) });
  const api = await startApi({
    store,
    auth: { 'key-a': 'team-a', 'key-b': 'team-b' },
    worker: { concurrency: CONCURRENCY, ...(pagesPerTeam ? { pagesPerTeam } : {}) },
    logger: quietLogger,
  });
  try {
    await run(api, store);
  } finally {
    await api.close();
    await store.close();
  }
}

/** Team A's batch of pages that never answer (each waits for its 5-minute timeout). */
async function hangingBatch(api: TestApi, pages: number): Promise<string> {
  const urls = Array.from({ length: pages }, (_, i) => `${fixture.url}/hang?page=${i}`);
  const started = await api.request('POST', '/v1/batch/scrape', { token: 'key-a', body: { urls, timeout: 300_000 } });
  expect(started.status).toBe(200);
  return started.body.id as string;
}

async function crawl(api: TestApi, limit: number): Promise<string> {
  const started = await api.request('POST', '/v1/crawl', { token: 'key-b', body: { url: `${small.url}/`, limit } });
  expect(started.status).toBe(200);
  return started.body.id as string;
}

const statusOf = async (api: TestApi, path: string, token: string) => (await api.request('GET', path, { token })).body;

describe("a worker's slots between teams", () => {
  it('gives a team alone every slot', async () => {
    await withApi('alone', async (api, store) => {
      const a = await hangingBatch(api, CONCURRENCY + 2);
      await until(async () => (await store.frontier.stats(a)).leased === CONCURRENCY, "A's pages in every slot");
      expect((await api.request('DELETE', `/v1/batch/scrape/${a}`, { token: 'key-a' })).status).toBe(200);
    });
  }, 120_000);

  // The default share (all slots but one), and one set as TRAWL_WORKER_PAGES_PER_TEAM sets it.
  it.each([
    ['the default share', undefined, CONCURRENCY - 1],
    ['a share of 1', 1, 1],
  ])(
    "leases the small team's pages while the big team's pages hold all the slots they may (%s)",
    async (_name, pagesPerTeam, share) => {
      await withApi(
        `two-teams-${share}`,
        async (api, store) => {
          // B has had pages on this worker: from now on A holds at most all slots but one.
          const first = await crawl(api, 1);
          await until(async () => (await statusOf(api, `/v1/crawl/${first}`, 'key-b')).status === 'completed', "B's first crawl");
          const a = await hangingBatch(api, 6);
          await until(async () => (await store.frontier.stats(a)).leased === share, "A's pages in their share");
          const b = await crawl(api, 5);
          await until(async () => (await statusOf(api, `/v1/crawl/${b}`, 'key-b')).status === 'completed', "B's crawl beside A's");
          expect((await statusOf(api, `/v1/crawl/${b}`, 'key-b')).completed).toBe(5);
          // A's pages still hang, and never held more than their share: B's were leased in the slot left.
          const aStats = await store.frontier.stats(a);
          expect(aStats.done).toBe(0);
          expect(aStats.leased).toBe(share);
          expect((await api.request('DELETE', `/v1/batch/scrape/${a}`, { token: 'key-a' })).status).toBe(200);
        },
        pagesPerTeam,
      );
    },
    120_000,
  );
});

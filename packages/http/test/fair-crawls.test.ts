import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Store } from '@trawl/core/ports';
import { createRedisStore, type RedisStore } from '@trawl/store-redis';
import { createSqliteStore } from '@trawl/store-sqlite';
import { startSyntheticSite, type SyntheticSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietLogger, startApi, type TestApi } from './helpers/api-server.js';
import { REDIS_URL, redisListens } from './helpers/redis.js';

/**
 * Crawls share the workers between teams (issue #31 row 8): team D's big crawl starts first and
 * fills the frontier with its pages, then team C's 5-page crawl starts; C's pages are leased in
 * turn with D's, so C completes while D has done a small part of its crawl. First come, first
 * served, C's pages came after all of D's (the issue measured 100 s beside three 300-page crawls).
 */
const BIG = 400;
const dir = mkdtempSync(join(tmpdir(), 'trawl-fair-crawls-'));
let big: SyntheticSite;
let small: SyntheticSite;

beforeAll(async () => {
  // Two sites, so the two crawls share no host and no host's pacing: only the leases' order.
  big = await startSyntheticSite({ pages: BIG, minPageBytes: 1_000, maxPageBytes: 2_000, linksPerPage: 4 });
  small = await startSyntheticSite({ pages: 20, minPageBytes: 1_000, maxPageBytes: 2_000, linksPerPage: 4 });
});
afterAll(async () => {
  await big?.close();
  await small?.close();
  rmSync(dir, { recursive: true, force: true });
});

const stores: Array<[string, () => { store: Store; close(): Promise<void> }]> = [
  [
    'SQLite',
    () => {
      const store = createSqliteStore({ path: join(dir, `${randomUUID()}.db`) });
      return { store, close: () => store.close() };
    },
  ],
];
if (await redisListens())
  stores.push([
    'Redis',
    () => {
      const prefix = `trawl-test-fair-${randomUUID()}`;
      const store: RedisStore = createRedisStore({ url: REDIS_URL, prefix });
      return {
        store,
        async close() {
          const keys = await store.redis.keys(`${prefix}:*`);
          if (keys.length) await store.redis.unlink(...keys);
          await store.close();
        },
      };
    },
  ]);
else console.warn(`No Redis at ${REDIS_URL} (set REDIS_URL): the Redis case is skipped.`);

async function status(api: TestApi, id: string, token: string): Promise<{ status: string; completed: number; total: number }> {
  const response = await api.request('GET', `/v1/crawl/${id}`, { token });
  expect(response.status).toBe(200);
  return response.body;
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  // A hang guard only: the assertions are about order, not time.
  for (let tries = 0; tries < 6000; tries++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`gave up waiting for ${what}`);
}

describe.each(stores)('crawls of two teams on the %s store', (_name, open) => {
  it(`completes team C's 5-page crawl while team D's ${BIG}-page crawl, started first, is far from done`, async () => {
    const { store, close } = open();
    const api = await startApi({ store, auth: { 'key-d': 'team-d', 'key-c': 'team-c' }, logger: quietLogger });
    try {
      const started = await api.request('POST', '/v1/crawl', { token: 'key-d', body: { url: `${big.url}/`, limit: BIG } });
      expect(started.status).toBe(200);
      const d = started.body.id as string;
      // D's kickoff has put its sitemap's pages in the frontier and its pages are under way.
      await until(async () => (await status(api, d, 'key-d')).completed >= 5, "D's first pages");
      const second = await api.request('POST', '/v1/crawl', { token: 'key-c', body: { url: `${small.url}/`, limit: 5 } });
      expect(second.status).toBe(200);
      const c = second.body.id as string;
      let dWhenCDone = 0;
      await until(async () => {
        const cNow = await status(api, c, 'key-c');
        if (cNow.status !== 'completed') return false;
        dWhenCDone = (await status(api, d, 'key-d')).completed;
        return true;
      }, "C's crawl");
      expect((await status(api, c, 'key-c')).completed).toBe(5);
      // First come, first served, C's pages would have waited for D's ~400.
      expect(dWhenCDone).toBeLessThan(BIG / 2);
      expect((await status(api, d, 'key-d')).status).toBe('scraping');
      expect((await api.request('DELETE', `/v1/crawl/${d}`, { token: 'key-d' })).status).toBe(200);
    } finally {
      await api.close();
      await close();
    }
  }, 300_000);
});

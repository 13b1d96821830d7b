import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isTrawlError } from '@trawl/core';
import { createSqliteStore, type SqliteStore } from '@trawl/store-sqlite';
import { startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietLogger, startApi, type TestApi } from './helpers/api-server.js';

/**
 * Issue 31 row 4: a full disk under the SQLite file made the process exit on an uncaught
 * `SqliteError: database or disk is full`, and again after a restart. A size-capped database
 * (SQLite's max_page_count, the store's `maxSizeBytes`) stands in for the full disk: it raises
 * the same SQLITE_FULL. New work is now a 507 STORAGE_FULL while reads keep answering.
 */
const dir = mkdtempSync(join(tmpdir(), 'trawl-storage-full-'));
const path = join(dir, 'trawl.db');
const CAP_BYTES = 4 * 1024 * 1024;
let site: FixtureSite;

beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(async () => {
  await site?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Appends 64 KiB entries to a job of its own, each committed, until the store refuses; resolves the refusal. */
async function fill(store: SqliteStore): Promise<unknown> {
  const padding = 'x'.repeat(64 * 1024);
  for (let i = 0; i < 1000; i++) {
    try {
      await store.results.append('filler', [{ kind: 'robots_blocked', url: `https://filler.test/${i}?${padding}` }]);
    } catch (error) {
      return error;
    }
    // Writes of one turn of the event loop commit together (a refused one rolls its turn back): commit each.
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error('The capped database never filled');
}

async function serve(): Promise<{ store: SqliteStore; api: TestApi }> {
  const store = createSqliteStore({ path, maxSizeBytes: CAP_BYTES });
  return { store, api: await startApi({ store, logger: quietLogger }) };
}

describe('a full disk under the SQLite store', () => {
  let crawlId: string;

  it('refuses new work with 507 STORAGE_FULL while reads of existing jobs answer, and the process stays up', async () => {
    const { store, api } = await serve();
    try {
      const crawl = await api.request('POST', '/v1/crawl', { body: { url: `${site.url}/crawl/`, limit: 3 } });
      expect(crawl.status).toBe(200);
      crawlId = crawl.body.id;
      const done = await api.waitForJob(`/v1/crawl/${crawlId}`);
      expect(done.body).toMatchObject({ status: 'completed', completed: 3 });

      const refusal = await fill(store);
      expect(isTrawlError(refusal) && refusal.code).toBe('STORAGE_FULL');

      const refusedCrawl = await api.request('POST', '/v1/crawl', { body: { url: `${site.url}/crawl/`, limit: 3 } });
      expect(refusedCrawl.status).toBe(507);
      expect(refusedCrawl.body).toMatchObject({ success: false, code: 'STORAGE_FULL', error: expect.stringContaining('full') });
      const refusedBatch = await api.request('POST', '/v1/batch/scrape', { body: { urls: [`${site.url}/crawl/`] } });
      expect(refusedBatch.status).toBe(507);
      expect(refusedBatch.body).toMatchObject({ code: 'STORAGE_FULL' });

      const refusedScrape = await api.request('POST', '/v1/scrape', { body: { url: `${site.url}/crawl/` } });
      expect(refusedScrape.status).toBe(507);
      expect(refusedScrape.body).toMatchObject({ code: 'STORAGE_FULL' });

      const read = await api.request('GET', `/v1/crawl/${crawlId}`);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ status: 'completed', completed: 3 });
      expect(read.body.data).toHaveLength(3);
      expect((await api.request('GET', `/v1/crawl/${crawlId}/errors`)).status).toBe(200);
      expect((await api.request('GET', '/healthz')).status).toBe(200);
      expect((await api.request('GET', '/readyz')).status).toBe(200);
    } finally {
      await api.close();
      await store.close();
    }
  }, 60_000);

  it('does the same after a restart on the still full file', async () => {
    const { store, api } = await serve();
    try {
      const refused = await api.request('POST', '/v1/crawl', { body: { url: `${site.url}/crawl/`, limit: 3 } });
      expect(refused.status).toBe(507);
      expect(refused.body).toMatchObject({ code: 'STORAGE_FULL' });
      const read = await api.request('GET', `/v1/crawl/${crawlId}`);
      expect(read.status).toBe(200);
      expect(read.body.data).toHaveLength(3);
    } finally {
      await api.close();
      await store.close();
    }
  }, 60_000);
});

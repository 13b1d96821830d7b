import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteStore, SCHEMA_VERSION } from '../src/index.js';

const dir = mkdtempSync(join(tmpdir(), 'trawl-sqlite-durability-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HOUR = 3_600_000;
let files = 0;
const freshPath = () => join(dir, `store-${++files}.db`);

function newJob(id: string) {
  const now = Date.now();
  return {
    id,
    kind: 'crawl' as const,
    teamId: 'team',
    options: { url: 'https://a.test/', tags: [] },
    createdAt: now,
    expiresAt: now + HOUR,
  };
}

describe('sqlite store on disk', () => {
  it('keeps jobs, results, frontier, credits and usage across a reopen, with leases still held', async () => {
    const path = freshPath();
    const before = createSqliteStore({ path });
    await before.jobs.create(newJob('job-1'));
    await before.jobs.increment('job-1', { total: 3 });
    await before.results.append('job-1', [{ kind: 'robots_blocked', url: 'https://a.test/private' }]);
    await before.frontier.enqueue(
      'job-1',
      ['a', 'b', 'c'].map((p) => ({ url: `https://a.test/${p}`, key: p, depth: 1 })),
    );
    const [leased] = await before.frontier.lease({ max: 1, leaseMs: HOUR, jobId: 'job-1' });
    await before.teams.setCredits('team', 42);
    await before.teams.addUsage('team', { period: 0, apiKey: 'key' }, { credits: 3, totalTokens: 90 });
    await before.close();

    const after = createSqliteStore({ path });
    try {
      expect(await after.jobs.get('job-1')).toMatchObject({ status: 'scraping', counters: { total: 3 }, options: { tags: [] } });
      expect(await after.results.count('job-1')).toBe(1);
      expect(await after.frontier.stats('job-1')).toEqual({ pending: 2, leased: 1, done: 0, seen: 3 });
      expect((await after.frontier.lease({ max: 5, leaseMs: HOUR, jobId: 'job-1' })).map((l) => l.item.key)).toEqual(['b', 'c']);
      expect(leased && (await after.frontier.ack(leased))).toBe(true);
      expect(await after.teams.getCredits('team')).toBe(42);
      expect(await after.teams.listUsage('team')).toEqual([
        { period: 0, apiKey: 'key', credits: 3, inputTokens: 0, outputTokens: 0, totalTokens: 90 },
      ]);
    } finally {
      await after.close();
    }
  });

  it('records its schema version and refuses a file written by a newer schema', async () => {
    const path = freshPath();
    await createSqliteStore({ path }).close();
    const db = new BetterSqlite3(path);
    expect(db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get()).toEqual({ v: SCHEMA_VERSION });
    db.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)').run(SCHEMA_VERSION + 1, Date.now());
    db.close();
    expect(() => createSqliteStore({ path })).toThrow(/schema version/);
  });

  it('opens the file in WAL mode and creates its folder', async () => {
    const path = join(dir, 'nested', 'deeper', 'trawl.db');
    const store = createSqliteStore({ path });
    await store.jobs.create(newJob('job-wal'));
    await store.close();
    const db = new BetterSqlite3(path, { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  });

  it('shares one connection between stores of one file, and closes it with the last', async () => {
    const path = freshPath();
    const a = createSqliteStore({ path });
    const b = createSqliteStore({ path });
    await a.jobs.create(newJob('shared'));
    expect(await b.jobs.get('shared')).not.toBeNull();
    await a.close();
    expect(await b.jobs.get('shared')).not.toBeNull();
    await b.close();
  });

  it('keeps results on disk, not in memory: 20,000 documents leave the heap flat', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const store = createSqliteStore({ path: freshPath() });
    try {
      const markdown = 'Lorem ipsum dolor sit amet. '.repeat(150); // about 4 KB per page, 80 MB in all
      gc();
      const heapBefore = process.memoryUsage().heapUsed;
      for (let batch = 0; batch < 200; batch++) {
        await store.results.append(
          'big',
          Array.from({ length: 100 }, (_, i) => {
            const url = `https://big.test/${batch}/${i}`;
            return { kind: 'document' as const, url, document: { markdown, metadata: { sourceURL: url, url, statusCode: 200 } } };
          }),
        );
      }
      store.flush();
      gc();
      const grownMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
      expect(await store.results.count('big', 'document')).toBe(20_000);
      expect(grownMb).toBeLessThan(10);
      const last = await store.results.read('big', { offset: 19_999, maxCount: 10, maxBytes: 1_000_000, kind: 'document' });
      expect(last.entries.map((entry) => entry.url)).toEqual(['https://big.test/199/99']);
    } finally {
      await store.close();
    }
  });
});

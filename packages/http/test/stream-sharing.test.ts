import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMemoryStore } from '@trawl/core';
import type { JobRecord, Store } from '@trawl/core/ports';
import { readStatusPage } from '@trawl/core/server';
import { limitPages, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createAuthenticator } from '../src/auth/authenticate.js';
import { createJobWatch, type JobWatch } from '../src/watch/job-watch.js';
import { createSliceReader, type EncodedSlice } from '../src/watch/stream-slices.js';
import { createStreamTurns } from '../src/watch/stream-turns.js';
import { createTeamByteCache, type TeamByteCache } from '../src/watch/team-byte-cache.js';
import { quietLogger, startApi, type TestApi } from './helpers/api-server.js';

/**
 * Many status streams of one finished job share its encoded slices (encoded once, kept per team,
 * bounded in bytes) and take turns on the event loop; every stream still gets every document.
 * The mechanism is checked by counts, not by a clock.
 */
const PAGES = 12;
const SLICE_BYTES = 40 * 1024;
const AUTH = { 'key-a': 'team-a', 'key-b': 'team-b' };

let site: FixtureSite;
let store: Store;
let api: TestApi;
/** Team A's finished crawl of PAGES pages of 20 KB (and its start page). */
let crawl: JobRecord;

beforeAll(async () => {
  site = await startFixtureSite();
  store = createMemoryStore();
  api = await startApi({ store, auth: AUTH, logger: quietLogger });
  const started = await api.request('POST', '/v2/crawl', {
    token: 'key-a',
    body: { url: `${site.url}${limitPages.largePages}?n=${PAGES}&kb=20`, limit: PAGES + 1, sitemap: 'skip' },
  });
  expect(started.status).toBe(200);
  await api.waitForJob(`/v1/crawl/${started.body.id}`, 'key-a');
  crawl = (await store.jobs.get(started.body.id)) as JobRecord;
  expect(crawl.status).toBe('completed');
}, 120_000);
afterAll(async () => {
  await api?.close();
  await site?.close();
});

/** A JobWatch over the API's store on a server of its own, with the cache the test reads. */
async function startWatch(cache: TeamByteCache<EncodedSlice>): Promise<{ url: string; watch: JobWatch; close(): Promise<void> }> {
  const watch = createJobWatch({
    store,
    authenticate: createAuthenticator(AUTH),
    ready: Promise.resolve(),
    logger: quietLogger,
    sliceBytes: SLICE_BYTES,
    cache,
    limits: { perTeam: 100, opensPerMinute: 1000 },
  });
  const server: Server = createHttpServer((_req, res) => res.end());
  server.on('upgrade', (req, socket, head) => watch.handleUpgrade(req, socket, head));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    watch,
    close: async () => {
      watch.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Reads a stream (as SDK 4.x `watcher()` opens it) to its end: the documents' URLs, in order. */
function watchJob(url: string, path: string, key: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url}${path}`, key);
    const urls: string[] = [];
    const urlOf = (document: any) => document.metadata?.sourceURL ?? document.metadata?.url;
    ws.on('message', (data, isBinary) => {
      if (isBinary) return reject(new Error('a status message came as a binary frame'));
      const message = JSON.parse(String(data));
      if (message.type === 'catchup') urls.push(...message.data.data.map(urlOf));
      if (message.type === 'document') urls.push(urlOf(message.data));
      if (message.type === 'done') resolve(urls);
      if (message.type === 'error') reject(new Error(message.error));
    });
    ws.on('unexpected-response', (_req, res) => reject(new Error(`refused with ${res.statusCode}`)));
    ws.on('error', reject);
  });
}

/** How many slices of SLICE_BYTES the job's documents make, read straight from the store. */
async function sliceCount(job: JobRecord): Promise<number> {
  let slices = 0;
  for (let skip: number | undefined = 0; skip !== undefined; slices++) {
    const page = await readStatusPage(store, job, { skip, maxBytes: SLICE_BYTES });
    skip = page.next;
  }
  return slices;
}

/** The bytes of all the job's v2 `document` messages, as the streams send them. */
async function encodedBytes(job: JobRecord): Promise<number> {
  const cache = createTeamByteCache<EncodedSlice>({ bytesPerTeam: 0, bytes: 0 });
  const read = createSliceReader({ store, view: (documents) => documents, viewName: 'raw', sliceBytes: SLICE_BYTES, cache });
  let bytes = 0;
  for (let skip: number | undefined = 0; skip !== undefined; ) {
    const slice = await read(job, skip);
    bytes += slice.messages.reduce((sum, message) => sum + message.length, 0);
    skip = slice.next;
  }
  return bytes;
}

describe('status streams of a finished job share its slices', () => {
  it('N streams of one job encode each slice once, every stream gets every document, and the cache is the team’s', async () => {
    const cache = createTeamByteCache<EncodedSlice>({ bytesPerTeam: 64 * 2 ** 20, bytes: 256 * 2 ** 20 });
    const watch = await startWatch(cache);
    try {
      const slices = await sliceCount(crawl);
      expect(slices).toBeGreaterThan(3);
      const streams = 24;
      const v2 = await Promise.all(Array.from({ length: streams }, () => watchJob(watch.url, `/v2/crawl/${crawl.id}`, 'key-a')));
      const expected = v2[0] as string[];
      expect(expected).toHaveLength(PAGES + 1);
      for (const urls of v2) expect(urls).toEqual(expected);
      expect(cache.stats.made).toBe(slices);
      expect(cache.stats.hits).toBe(slices * (streams - 1));
      // The v1 shape is other bytes: its slices are encoded once more, then shared as well.
      const v1 = await Promise.all(Array.from({ length: 8 }, () => watchJob(watch.url, `/v1/crawl/${crawl.id}`, 'key-a')));
      for (const urls of v1) expect(urls).toHaveLength(PAGES + 1);
      expect(cache.stats.made).toBe(2 * slices);
      expect(cache.bytesOf('team-a')).toBe(cache.stats.bytes);
      expect(cache.bytesOf('team-b')).toBe(0);
      // Another team cannot open the stream at all, so it neither reads nor fills team A's shelf.
      await expect(watchJob(watch.url, `/v2/crawl/${crawl.id}`, 'key-b')).rejects.toThrow('refused with 404');
      expect(cache.bytesOf('team-b')).toBe(0);
    } finally {
      await watch.close();
    }
  }, 60_000);

  it('a team cache smaller than the job still delivers every document and never holds more than its bound', async () => {
    const bound = 3 * SLICE_BYTES;
    // The job's messages are well over the bound, so slices are evicted while the streams read.
    expect(await encodedBytes(crawl)).toBeGreaterThan(2 * bound);
    const cache = createTeamByteCache<EncodedSlice>({ bytesPerTeam: bound, bytes: 256 * 2 ** 20 });
    const watch = await startWatch(cache);
    let largest = 0;
    const sampler = setInterval(() => (largest = Math.max(largest, cache.bytesOf('team-a'))), 1);
    try {
      const all = await Promise.all(Array.from({ length: 10 }, () => watchJob(watch.url, `/v2/crawl/${crawl.id}`, 'key-a')));
      for (const urls of all) expect(urls).toHaveLength(PAGES + 1);
      expect(cache.bytesOf('team-a')).toBeLessThanOrEqual(bound);
      expect(largest).toBeLessThanOrEqual(bound);
      expect(cache.stats.bytes).toBeLessThanOrEqual(bound);
    } finally {
      clearInterval(sampler);
      await watch.close();
    }
  }, 60_000);
});

describe('the team byte cache', () => {
  const sized = (value: string) => async () => ({ value, bytes: value.length });

  it('keeps teams apart: the same key under two teams is two entries, each read only by its team', async () => {
    const cache = createTeamByteCache<string>({ bytesPerTeam: 100, bytes: 1000 });
    expect(await cache.through('a', 'job-1', sized('a-secret'))).toBe('a-secret');
    expect(await cache.through('b', 'job-1', sized('b-value'))).toBe('b-value');
    expect(await cache.through('a', 'job-1', sized('never made'))).toBe('a-secret');
    expect(await cache.through('b', 'job-1', sized('never made'))).toBe('b-value');
    expect(cache.stats).toEqual({ made: 2, hits: 2, bytes: 'a-secret'.length + 'b-value'.length });
  });

  it('makes a value asked for by many at once only once', async () => {
    const cache = createTeamByteCache<string>({ bytesPerTeam: 100, bytes: 1000 });
    let made = 0;
    const make = async () => {
      made++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { value: 'slice', bytes: 5 };
    };
    const values = await Promise.all(Array.from({ length: 50 }, () => cache.through('a', 'k', make)));
    expect(values.every((value) => value === 'slice')).toBe(true);
    expect(made).toBe(1);
  });

  it('a failed make is not kept: the next caller makes it again', async () => {
    const cache = createTeamByteCache<string>({ bytesPerTeam: 100, bytes: 1000 });
    await expect(cache.through('a', 'k', () => Promise.reject(new Error('store down')))).rejects.toThrow('store down');
    expect(await cache.through('a', 'k', sized('fine'))).toBe('fine');
    expect(cache.stats.made).toBe(2);
  });

  it('evicts a team’s least recently used entries past its bound, and the fullest team’s past the total', async () => {
    const cache = createTeamByteCache<string>({ bytesPerTeam: 30, bytes: 50 });
    await cache.through('a', '1', sized('x'.repeat(10)));
    await cache.through('a', '2', sized('x'.repeat(10)));
    await cache.through('a', '3', sized('x'.repeat(10)));
    await cache.through('a', '1', sized('remade')); // a hit: "1" is now the most recent
    await cache.through('a', '4', sized('x'.repeat(10))); // over 30: "2" goes
    expect(cache.bytesOf('a')).toBe(30);
    expect(await cache.through('a', '1', sized('remade'))).toBe('x'.repeat(10));
    expect(await cache.through('a', '2', sized('y'.repeat(10)))).toBe('y'.repeat(10));
    // Team b's 30 bytes bring the total past 50: team a, the fullest, gives up its oldest.
    await cache.through('b', '1', sized('z'.repeat(30)));
    expect(cache.bytesOf('b')).toBe(30);
    expect(cache.bytesOf('a')).toBe(20);
    expect(cache.stats.bytes).toBe(50);
    // A value larger than a team's bound is handed back but not kept.
    expect(await cache.through('b', 'big', sized('w'.repeat(31)))).toBe('w'.repeat(31));
    expect(cache.bytesOf('b')).toBe(30);
  });
});

describe('stream turns', () => {
  /** Lets event-loop iterations pass until `total` turns were handed out; how many went in each. */
  async function iterations(granted: () => number, total: number): Promise<number[]> {
    const perIteration: number[] = [];
    while (granted() < total) {
      const before = granted();
      await new Promise((resolve) => setImmediate(resolve));
      perIteration.push(granted() - before);
    }
    return perIteration;
  }

  it('hand out turns first come, first served, at most a budget of bytes per event-loop iteration', async () => {
    const turns = createStreamTurns(2);
    const order: number[] = [];
    const granted = Array.from({ length: 6 }, (_, i) => turns.take('a', 1).then(() => order.push(i)));
    const perIteration = await iterations(() => order.length, 6);
    await Promise.all(granted);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
    expect(Math.max(...perIteration)).toBeLessThanOrEqual(2);
    // A slice larger than the budget still gets its turn, alone.
    await turns.take('a', 10);
    expect(turns.waiting).toBe(0);
  });

  it('go round robin between teams: one stream of team b is not queued behind team a’s many', async () => {
    const turns = createStreamTurns(1);
    const order: string[] = [];
    const a = Array.from({ length: 10 }, (_, i) => turns.take('a', 1).then(() => order.push(`a${i}`)));
    const b = [turns.take('b', 1).then(() => order.push('b0')), turns.take('b', 1).then(() => order.push('b1'))];
    await iterations(() => order.length, 12);
    await Promise.all([...a, ...b]);
    expect(order.slice(0, 5)).toEqual(['a0', 'b0', 'a1', 'b1', 'a2']);
    expect(order.filter((name) => name.startsWith('a'))).toEqual(Array.from({ length: 10 }, (_, i) => `a${i}`));
  });
});

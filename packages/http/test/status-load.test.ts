import { execFile } from 'node:child_process';
import type { Duplex } from 'node:stream';
import { promisify } from 'node:util';
import { limitPages, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startApi, type TestApi } from './helpers/api-server.js';
import { canaryWaits } from './helpers/canary.js';

/**
 * Status reads under load. WebSocket status streams (what SDK 4.x `watcher()` opens): a stream
 * sends the next slice of documents only once its socket wrote the last, so watchers that read
 * slowly hold about a slice each, not the crawl; one team holds a bounded number of streams and
 * opens a bounded number a minute. Status pages (`GET /v1/crawl/{id}`): a team's go a few at a
 * time, teams in turn. Either way another team's requests answer meanwhile.
 */
const execFileAsync = promisify(execFile);
let site: FixtureSite;
let api: TestApi;
/** The server side of every upgraded connection, to see what it has queued for each client. */
const serverSockets: Duplex[] = [];
let bigCrawl = '';
let runningCrawl = '';
const PAGES = 40;
const PAGE_KB = 256;
const SLICE = 1024 * 1024;

beforeAll(async () => {
  site = await startFixtureSite();
  api = await startApi({
    auth: { 'key-heavy': 'heavy', 'key-capped': 'capped', 'key-canary': 'canary', 'key-rate': 'rate' },
    streams: { perTeam: 60, opensPerMinute: 1000 },
    worker: { concurrency: 8 },
  });
  api.server.server.on('upgrade', (_req, socket: Duplex) => serverSockets.push(socket));
  const crawl = await api.request('POST', '/v2/crawl', {
    token: 'key-heavy',
    body: { url: `${site.url}${limitPages.largePages}?n=${PAGES}&kb=${PAGE_KB}`, limit: PAGES + 1, sitemap: 'skip' },
  });
  bigCrawl = crawl.body.id;
  // Large pages take a while to convert on a loaded machine: longer than waitForJob's 20 s.
  let status = '';
  for (const deadline = Date.now() + 100_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 250))) {
    const read = await api.request('GET', `/v2/crawl/${bigCrawl}?limit=1`, { token: 'key-heavy' });
    status = read.body.status;
    if (status !== 'scraping') {
      expect(read.body).toMatchObject({ status: 'completed', completed: PAGES + 1 });
      break;
    }
  }
  expect(status).toBe('completed');
}, 120_000);

afterAll(async () => {
  await api?.close();
  await site?.close();
});

/** Opens a stream; resolves with the open socket, or rejects with the refusal's status and body. */
function open(path: string, key: string, on: TestApi = api): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${on.url.replace(/^http/, 'ws')}${path}`, key);
    // Counting starts with the first message, which may come before the caller looks.
    delivered.set(
      ws,
      new Promise((done, fail) => {
        let documents = 0;
        ws.on('message', (data) => {
          const message = JSON.parse(String(data));
          if (message.type === 'catchup') documents += message.data.data.length;
          if (message.type === 'document') documents++;
          if (message.type === 'done') done(documents);
        });
        ws.on('close', () => fail(new Error(`closed after ${documents} documents without done`)));
      }),
    );
    delivered.get(ws)!.catch(() => undefined);
    ws.on('open', () => resolve(ws));
    ws.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk));
      res.on('end', () =>
        reject(Object.assign(new Error(`refused ${res.statusCode}`), { status: res.statusCode, body, headers: res.headers })),
      );
    });
    ws.on('error', reject);
  });
}

/** Counts the documents a stream delivers (catchup's and each `document`), until `done`. */
const delivered = new WeakMap<WebSocket, Promise<number>>();
function documentsUntilDone(ws: WebSocket): Promise<number> {
  return delivered.get(ws)!;
}

function closed(ws: WebSocket): Promise<void> {
  return ws.readyState === ws.CLOSED ? Promise.resolve() : new Promise((resolve) => ws.once('close', () => resolve()));
}

describe('status streams under load', () => {
  it('40 watchers that do not read hold about a slice each on the server, and another team answers within a second', async () => {
    const before = process.memoryUsage().rss;
    const firstSocket = serverSockets.length;
    const watchers = await Promise.all(
      Array.from({ length: 40 }, async () => {
        const ws = await open(`/v2/crawl/${bigCrawl}`, 'key-heavy');
        // Nobody reads: the sockets' windows fill and the server must stop sending.
        ws.pause();
        return ws;
      }),
    );
    const waits = await canaryWaits(api, 'key-canary', new Promise((resolve) => setTimeout(resolve, 3_000)));
    const queued = serverSockets.slice(firstSocket).map((socket) => socket.writableLength);
    const grown = process.memoryUsage().rss - before;
    // The crawl is ~10 MB; without backpressure each socket queues all of it (400 MB in all).
    expect(queued).toHaveLength(40);
    expect(Math.max(...queued)).toBeLessThanOrEqual(2 * SLICE + PAGE_KB * 1024);
    expect(grown).toBeLessThan(200 * 1024 * 1024);
    expect(Math.max(...waits)).toBeLessThan(1_000);
    // Once they read, every watcher gets the whole crawl, then done.
    for (const ws of watchers) ws.resume();
    const counts = await Promise.all(watchers.map((ws) => documentsUntilDone(ws)));
    expect(counts).toEqual(Array.from({ length: 40 }, () => PAGES + 1));
  }, 120_000);

  it('100 concurrent status reads of the 10 MB crawl answer in turn while another team waits under a second', async () => {
    // The readers run in a process of their own, as clients do: reading 1 GB here would hold this loop.
    const script = `const reads = Array.from({ length: 100 }, async () => {
        const response = await fetch(process.argv[1], { headers: { authorization: 'Bearer key-heavy' } });
        let bytes = 0;
        for await (const chunk of response.body) bytes += chunk.byteLength;
        return { status: response.status, bytes };
      });
      console.log(JSON.stringify(await Promise.all(reads)));`;
    const readers = execFileAsync(process.execPath, ['--input-type=module', '-e', script, `${api.url}/v1/crawl/${bigCrawl}`], {
      maxBuffer: 1024 * 1024,
      timeout: 110_000,
    });
    const reads = readers.then(({ stdout }) => JSON.parse(stdout) as Array<{ status: number; bytes: number }>);
    const waits = await canaryWaits(api, 'key-canary', reads);
    const answers = await reads;
    expect(answers.every((answer) => answer.status === 200 && answer.bytes > 9 * 1024 * 1024)).toBe(true);
    expect(waits.length).toBeGreaterThan(3);
    expect(Math.max(...waits)).toBeLessThan(1_000);
  }, 120_000);

  it("caps one team's open streams with a clear 429, frees a place when a stream closes, and leaves other teams theirs", async () => {
    const capped = await startApi({
      auth: { 'key-capped': 'capped', 'key-other': 'other' },
      streams: { perTeam: 2 },
    });
    try {
      const start = (key: string) =>
        capped.request('POST', '/v1/crawl', { token: key, body: { url: `${site.url}/slow?ms=5000`, ignoreSitemap: true } });
      const mine = (await start('key-capped')).body.id;
      const theirs = (await start('key-other')).body.id;
      const first = await open(`/v1/crawl/${mine}`, 'key-capped', capped).catch((e) => e);
      const second = await open(`/v2/crawl/${mine}`, 'key-capped', capped);
      expect(first).toBeInstanceOf(WebSocket);
      const refused = await open(`/v2/crawl/${mine}`, 'key-capped', capped).then(
        () => undefined,
        (error) => error,
      );
      expect(refused.status).toBe(429);
      expect(JSON.parse(refused.body)).toEqual({
        success: false,
        error: 'Too many status streams for this team: at most 2 open at once; close one or poll the status URL',
      });
      // Another team is not held back by this one's streams.
      const other = await open(`/v2/crawl/${theirs}`, 'key-other', capped);
      other.close();
      second.close();
      await closed(second);
      const again = await open(`/v2/crawl/${mine}`, 'key-capped', capped);
      again.close();
      (first as WebSocket).close();
      await Promise.all([
        capped.request('DELETE', `/v1/crawl/${mine}`, { token: 'key-capped' }),
        capped.request('DELETE', `/v1/crawl/${theirs}`, { token: 'key-other' }),
      ]);
    } finally {
      await capped.close();
    }
  });

  it('caps the streams one team opens a minute, with Retry-After', async () => {
    const limited = await startApi({ auth: { 'key-rate': 'rate' }, streams: { opensPerMinute: 3 } });
    try {
      const crawl = await limited.request('POST', '/v1/crawl', {
        token: 'key-rate',
        body: { url: `${site.url}/articles/minimal`, limit: 1 },
      });
      runningCrawl = crawl.body.id;
      await limited.waitForJob(`/v1/crawl/${runningCrawl}`, 'key-rate');
      for (let i = 0; i < 3; i++) await closed(await open(`/v1/crawl/${runningCrawl}`, 'key-rate', limited));
      const refused = await open(`/v1/crawl/${runningCrawl}`, 'key-rate', limited).then(
        () => undefined,
        (error) => error,
      );
      expect(refused.status).toBe(429);
      expect(JSON.parse(refused.body).error).toBe('Too many status streams opened: at most 3 a minute per team');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

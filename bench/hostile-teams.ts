// The multi-team part of `pnpm bench hostile` (issue #31 rows 1, 7, 8): how long another team
// waits beside one team's heavy work. A 5-page crawl of team C beside team D's 20,000-page one
// (both on a SQLite store, as `trawl serve` runs), with C's scrapes of a small page meanwhile, and the process's RSS while 150 WebSocket status
// streams (what SDK 4.x `watcher()` opens, from another process) read a finished crawl of 300 pages of 180 KB, with
// another team scraping meanwhile. The hostile-page scrape waits are measured in hostile.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createServer, type TrawlApiOptions } from '@trawl/http';
import { createSqliteStore } from '@trawl/store-sqlite';
import { limitPages, startFixtureSite, startSyntheticSite } from '@trawl/testkit';
import { Agent, fetch } from 'undici';
import { runJson } from './lib/child.js';
import { fmt, printTable } from './lib/stats.js';

export interface TeamsBenchmarkResult {
  /** Team C's 5-page crawl, from its start to completed, beside D's 20,000-page crawl (goal < 5 s). */
  smallCrawlMs: number;
  /** Pages D's crawl had done when C's completed. */
  bigCrawlPagesMeanwhile: number;
  /** Team C's scrapes of a small page, one after another, while D's crawl runs: how many, and the longest (goal < 1 s). */
  scrapesBesideBigCrawl: number;
  scrapeWaitBesideBigCrawlMs: number;
  /** Peak RSS of the process (server and clients) while 150 streams read, and before they opened. */
  streamsPeakRssMb: number;
  streamsBaseRssMb: number;
  /** Another team's longest scrape while the streams read, and of 20 just before they opened (same load). */
  scrapeWaitBesideStreamsMs: number;
  scrapeWaitBeforeStreamsMs: number;
  /** The server's event-loop delay while the streams read: p99 and longest. */
  streamsLoopDelayP99Ms: number;
  streamsLoopDelayMaxMs: number;
}

type StreamsResult = Pick<
  TeamsBenchmarkResult,
  | 'streamsPeakRssMb'
  | 'streamsBaseRssMb'
  | 'scrapeWaitBesideStreamsMs'
  | 'scrapeWaitBeforeStreamsMs'
  | 'streamsLoopDelayP99Ms'
  | 'streamsLoopDelayMaxMs'
>;

type Call = (method: string, path: string, token: string, body?: unknown) => Promise<{ status: number; body: any }>;

/**
 * Each request on a new connection: client and server share this process, and on a loaded machine
 * its event loop can stall past the server's 5 s keep-alive, so a request written to an idle
 * socket the server was closing failed with ECONNRESET (a client artefact, not the server's).
 */
const freshConnections = new Agent({ pipelining: 0 });

async function startApi(options: TrawlApiOptions): Promise<{ url: string; call: Call; close(): Promise<void> }> {
  const server = createServer({ allowPrivateNetwork: true, sweepIntervalMs: 0, ...options });
  const url = await server.listen(0, '127.0.0.1');
  const call: Call = async (method, path, token, body) => {
    const response = await fetch(`${url}${path}`, {
      method,
      dispatcher: freshConnections,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
  return { url, call, close: () => server.close() };
}

async function until(check: () => Promise<boolean>, what: string, maxMs = 600_000): Promise<void> {
  for (const deadline = Date.now() + maxMs; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50))) {
    if (await check()) return;
  }
  throw new Error(`gave up waiting for ${what}`);
}

async function crawlStatus(call: Call, id: string, token: string): Promise<{ status: string; completed: number }> {
  const { status, body } = await call('GET', `/v1/crawl/${id}`, token);
  if (status !== 200) throw new Error(`crawl status answered ${status}`);
  return body;
}

/** Team C's scrapes, one after another until `done`, 20 ms apart: how many, and the longest. */
async function scrapesUntil(call: Call, url: string, done: () => boolean): Promise<{ scrapes: number; longestMs: number }> {
  let scrapes = 0;
  let longestMs = 0;
  while (!done()) {
    const started = performance.now();
    const scrape = await call('POST', '/v1/scrape', 'key-c', { url, formats: ['markdown'] });
    longestMs = Math.max(longestMs, performance.now() - started);
    if (scrape.status !== 200) throw new Error(`team C's scrape answered ${scrape.status}`);
    scrapes++;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { scrapes, longestMs };
}

/** Team C's 5-page crawl beside team D's 20,000-page crawl, started first, and C's scrapes meanwhile. */
async function smallCrawlBesideBig(): Promise<
  Pick<TeamsBenchmarkResult, 'smallCrawlMs' | 'bigCrawlPagesMeanwhile' | 'scrapesBesideBigCrawl' | 'scrapeWaitBesideBigCrawlMs'>
> {
  const dir = mkdtempSync(join(tmpdir(), 'trawl-bench-teams-'));
  const store = createSqliteStore({ path: join(dir, 'trawl.db') });
  const big = await startSyntheticSite({ pages: 20_000, minPageBytes: 1_000, maxPageBytes: 3_000, linksPerPage: 5 });
  const small = await startSyntheticSite({ pages: 20, minPageBytes: 1_000, maxPageBytes: 3_000, linksPerPage: 5 });
  const api = await startApi({ store, auth: { 'key-d': 'team-d', 'key-c': 'team-c' } });
  try {
    const d = (await api.call('POST', '/v1/crawl', 'key-d', { url: `${big.url}/`, limit: 20_000 })).body.id as string;
    await until(async () => (await crawlStatus(api.call, d, 'key-d')).completed >= 50, "D's first 50 pages");
    // C scrapes a small page of its own site from now until 10 s after its crawl completed.
    let scrapesDone = false;
    const scraping = scrapesUntil(api.call, `${small.url}/`, () => scrapesDone);
    const started = performance.now();
    const c = (await api.call('POST', '/v1/crawl', 'key-c', { url: `${small.url}/`, limit: 5 })).body.id as string;
    await until(async () => (await crawlStatus(api.call, c, 'key-c')).status === 'completed', "C's crawl");
    const smallCrawlMs = performance.now() - started;
    const bigCrawlPagesMeanwhile = (await crawlStatus(api.call, d, 'key-d')).completed;
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    scrapesDone = true;
    const scrapes = await scraping;
    await api.call('DELETE', `/v1/crawl/${d}`, 'key-d');
    return { smallCrawlMs, bigCrawlPagesMeanwhile, scrapesBesideBigCrawl: scrapes.scrapes, scrapeWaitBesideBigCrawlMs: scrapes.longestMs };
  } finally {
    await api.close();
    await store.close();
    await big.close();
    await small.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** 150 streams of one finished 300-page crawl of 180 KB pages, and another team's scrapes meanwhile. */
async function streamsOfBigCrawl(): Promise<StreamsResult> {
  const site = await startFixtureSite();
  // The per-team cap (20 by default) would refuse most: this measures what 150 at once cost.
  const api = await startApi({ auth: { 'key-heavy': 'heavy', 'key-other': 'other' }, streams: { perTeam: 150, opensPerMinute: 1000 } });
  try {
    const crawl = await api.call('POST', '/v2/crawl', 'key-heavy', {
      url: `${site.url}${limitPages.largePages}?n=300&kb=180`,
      limit: 301,
      sitemap: 'skip',
    });
    const id = crawl.body.id as string;
    await until(
      async () => (await api.call('GET', `/v2/crawl/${id}?limit=1`, 'key-heavy')).body.status !== 'scraping',
      'the 300-page crawl',
    );
    const otherScrape = async () => {
      const started = performance.now();
      const scrape = await api.call('POST', '/v1/scrape', 'key-other', { url: `${site.url}/articles/minimal`, formats: ['markdown'] });
      if (scrape.status !== 200) throw new Error(`the other team's scrape answered ${scrape.status}`);
      return performance.now() - started;
    };
    // The same scrapes without streams, at the machine's load of the moment: what "low" compares with.
    let before = 0;
    for (let i = 0; i < 20; i++) {
      before = Math.max(before, await otherScrape());
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const base = process.memoryUsage().rss;
    let peak = base;
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    // The streams' clients run in a process of their own: parsing ~8 GB of JSON on this loop would
    // measure the clients, not the server (RSS below is this process: the server, its store, the site).
    const streams = runJson<number[]>('stream-watchers.ts', [api.url, `/v2/crawl/${id}`, 'key-heavy', '150']);
    let finished = false;
    void streams.finally(() => (finished = true)).catch(() => undefined);
    let longest = 0;
    while (!finished) {
      longest = Math.max(longest, await otherScrape());
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const counts = await streams;
    clearInterval(sampler);
    loopDelay.disable();
    if (counts.some((count) => count !== 301)) throw new Error(`a stream missed documents: ${counts.join(',')}`);
    return {
      streamsPeakRssMb: peak / 2 ** 20,
      streamsBaseRssMb: base / 2 ** 20,
      scrapeWaitBesideStreamsMs: longest,
      scrapeWaitBeforeStreamsMs: before,
      streamsLoopDelayP99Ms: loopDelay.percentile(99) / 1e6,
      streamsLoopDelayMaxMs: loopDelay.max / 1e6,
    };
  } finally {
    await api.close();
    await site.close();
  }
}

export async function runTeamsBenchmark(): Promise<TeamsBenchmarkResult> {
  console.log("\n## Another team's crawl beside a 20,000-page crawl (SQLite store)\n");
  const crawls = await smallCrawlBesideBig();
  printTable(
    ["C's 5-page crawl, s", "D's pages done meanwhile", "C's scrapes meanwhile", "C's longest scrape, ms"],
    [
      [
        fmt(crawls.smallCrawlMs / 1000, 2),
        String(crawls.bigCrawlPagesMeanwhile),
        String(crawls.scrapesBesideBigCrawl),
        fmt(crawls.scrapeWaitBesideBigCrawlMs, 1),
      ],
    ],
  );
  console.log(`\nteam C's 5-page crawl: ${fmt(crawls.smallCrawlMs / 1000, 2)} s (target < 5 s)`);
  console.log(`team C's longest scrape beside D's crawl: ${fmt(crawls.scrapeWaitBesideBigCrawlMs, 1)} ms (target < 1 s)`);
  const streams = await runStreamsBenchmark();
  return { ...crawls, ...streams };
}

/** The status-stream part alone (`pnpm bench hostile-streams`). */
export async function runStreamsBenchmark(): Promise<StreamsResult> {
  console.log('\n## 150 WebSocket status streams of a finished 300-page crawl of 180 KB pages\n');
  const streams = await streamsOfBigCrawl();
  printTable(
    ['RSS before, MB', 'peak RSS, MB', "other team's longest scrape, ms", 'before the streams, ms', 'loop delay p99 / max, ms'],
    [
      [
        fmt(streams.streamsBaseRssMb, 0),
        fmt(streams.streamsPeakRssMb, 0),
        fmt(streams.scrapeWaitBesideStreamsMs, 1),
        fmt(streams.scrapeWaitBeforeStreamsMs, 1),
        `${fmt(streams.streamsLoopDelayP99Ms, 1)} / ${fmt(streams.streamsLoopDelayMaxMs, 1)}`,
      ],
    ],
  );
  return streams;
}

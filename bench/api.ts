// `pnpm bench` part: the HTTP API over loopback. Requests/s and latency of `POST /v1/scrape` for a
// small fixture page and of a status read of a 1,000-page crawl, what the API adds over calling
// scrape() directly, and what `POST /v2/scrape` of the same page with the same options costs
// beside v1. The servers run in their own process (`api.ts serve`), the load in this one.
// Alone: node --conditions=trawl-source --import tsx bench/api.ts [seconds per run]
import { Agent, createServer as createHttpServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { createMemoryStore, htmlToDocument, scrape } from '@trawl/core';
import { startCrawlJob } from '@trawl/core/server';
import type { ResultEntry } from '@trawl/core/ports';
import { createServer } from '@trawl/http';
import { startFixtureSite, syntheticPageHtml } from '@trawl/testkit';
import { startService } from './lib/child.js';
import { fmt, percentile, printTable } from './lib/stats.js';

const CRAWL_PAGES = 1000;
const SMALL_PAGE = '/articles/minimal';

interface ServiceInfo {
  apiUrl: string;
  bareUrl: string;
  siteUrl: string;
  crawlId: string;
  direct: { p50: number; p99: number; perSecond: number; calls: number };
}

export interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  bytesPerResponse: number;
}

export interface ApiBenchmarkResult {
  directScrapeP50Ms: number;
  bareHttpScrapeP50Ms: number;
  apiScrapeP50Ms: number;
  apiScrapeP99Ms: number;
  apiScrapeRequestsPerSecond: number;
  /** The API's added latency at p50 over a bare node:http wrapper of scrape() (target < 1 ms). */
  apiLayerOverheadP50Ms: number;
  /** The API at p50 over calling scrape() in-process: HTTP round trip included. */
  overheadOverDirectP50Ms: number;
  /** Server CPU time per request, API minus bare wrapper: the layer's cost, steady under machine load. */
  apiLayerCpuMsPerRequest: number;
  statusReadRequestsPerSecond: number;
  statusReadP99Ms: number;
  statusReadMbPerResponse: number;
  v2ScrapeP50Ms: number;
  /** v2 at p50 over v1 at p50, same page, same options, requests interleaved (target: within 10%). */
  v2OverV1P50Percent: number;
  /** Server CPU per request, v2 minus v1. */
  v2OverV1CpuMsPerRequest: number;
}

export async function runApiBenchmark(seconds = Number(process.env.TRAWL_BENCH_API_SECONDS ?? 5)): Promise<ApiBenchmarkResult> {
  console.log(`\n## HTTP API over loopback (${seconds} s per run)\n`);
  const service = await startService('api.ts', ['serve']);
  try {
    const info = JSON.parse(service.line) as ServiceInfo;
    const scrapeBody = JSON.stringify({ url: `${info.siteUrl}${SMALL_PAGE}`, formats: ['markdown'] });
    const scrapeRequest = (url: string, body = scrapeBody) => ({ url, method: 'POST' as const, body });
    const v1 = scrapeRequest(`${info.apiUrl}/v1/scrape`);
    // v2's maxAge defaults to two days, so without maxAge: 0 every request after the first is a
    // page-memory hit, not a scrape: the comparison with v1 would be a cache read against a fetch.
    const v2 = scrapeRequest(`${info.apiUrl}/v2/scrape`, JSON.stringify({ ...JSON.parse(scrapeBody), maxAge: 0 }));
    const bare = scrapeRequest(`${info.bareUrl}/scrape`);
    // Latency one request at a time with a sub-millisecond clock; throughput under concurrency with autocannon.
    // Taking the targets in turn, request by request, so all see the same machine load.
    const [api1, v2api1, bare1] = (await alternating([v1, v2, bare], seconds)) as [LoadFigures, LoadFigures, LoadFigures];
    const cpu = await cpuPerRequest(info, { api: v1, v2, bare });
    const api10 = await load({ ...v1, connections: 10, seconds });
    // Counted in requests: a read moves megabytes, so a short window could end before the first one.
    const status = await load({ url: `${info.apiUrl}/v1/crawl/${info.crawlId}`, method: 'GET', connections: 4, amount: 60 });

    const row = (label: string, f: LoadFigures) => [
      label,
      fmt(f.requestsPerSecond),
      fmt(f.p50, 2),
      fmt(f.p99, 2),
      String(f.non2xx + f.errors),
    ];
    printTable(
      ['what', 'req/s', 'p50 ms', 'p99 ms', 'failed'],
      [
        ['scrape() called directly (1 at a time)', fmt(info.direct.perSecond), fmt(info.direct.p50, 2), fmt(info.direct.p99, 2), '0'],
        row('bare node:http around scrape(), 1 connection', bare1),
        row('POST /v1/scrape, 1 connection', api1),
        row('POST /v2/scrape, same page and formats, maxAge: 0, 1 connection', v2api1),
        row('POST /v1/scrape, 10 connections', api10),
        row(`GET /v1/crawl/{id} of a ${CRAWL_PAGES}-page crawl, 4 connections`, status),
      ],
    );
    const layer = api1.p50 - bare1.p50;
    const overDirect = api1.p50 - info.direct.p50;
    const v2OverV1 = ((v2api1.p50 - api1.p50) / api1.p50) * 100;
    console.log(
      `\nServer CPU per request: API ${fmt(cpu.api, 3)} ms, bare wrapper ${fmt(cpu.bare, 3)} ms: the API layer costs ${fmt(cpu.api - cpu.bare, 3)} ms of CPU.` +
        `\nAPI layer adds ${fmt(layer, 2)} ms at p50 over a bare HTTP wrapper (target < 1 ms); ` +
        `${fmt(overDirect, 2)} ms over calling scrape() in-process (HTTP round trip included). ` +
        `Status page: ${fmt(status.bytesPerResponse / 1024 / 1024, 2)} MB (100 documents).` +
        `\nv2 scrape over v1: ${fmt(v2api1.p50 - api1.p50, 3)} ms at p50 (${fmt(v2OverV1, 1)}%, target within 10%), ` +
        `${fmt(cpu.v2 - cpu.api, 3)} ms of server CPU (v2 ${fmt(cpu.v2, 3)} ms, v1 ${fmt(cpu.api, 3)} ms).`,
    );
    return {
      directScrapeP50Ms: info.direct.p50,
      bareHttpScrapeP50Ms: bare1.p50,
      apiScrapeP50Ms: api1.p50,
      apiScrapeP99Ms: api1.p99,
      apiScrapeRequestsPerSecond: api10.requestsPerSecond,
      apiLayerOverheadP50Ms: layer,
      overheadOverDirectP50Ms: overDirect,
      apiLayerCpuMsPerRequest: cpu.api - cpu.bare,
      statusReadRequestsPerSecond: status.requestsPerSecond,
      statusReadP99Ms: status.p99,
      statusReadMbPerResponse: status.bytesPerResponse / 1024 / 1024,
      v2ScrapeP50Ms: v2api1.p50,
      v2OverV1P50Percent: v2OverV1,
      v2OverV1CpuMsPerRequest: cpu.v2 - cpu.api,
    };
  } finally {
    await service.stop();
  }
}

async function load(options: {
  url: string;
  method: 'GET' | 'POST';
  body?: string;
  connections: number;
  seconds?: number;
  amount?: number;
}): Promise<LoadFigures> {
  const request = {
    url: options.url,
    method: options.method,
    connections: options.connections,
    ...(options.body ? { body: options.body, headers: { 'content-type': 'application/json' } } : {}),
  };
  await autocannon({ ...request, amount: options.connections * 2 }); // warm-up: JIT, connection pools, caches
  const result = await autocannon({
    ...request,
    timeout: 60,
    ...(options.amount ? { amount: options.amount } : { duration: options.seconds ?? 5 }),
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    bytesPerResponse: result.requests.total ? result.throughput.total / result.requests.total : 0,
  };
}

/**
 * CPU the server process spends per request of each target, in alternating blocks.
 * Wall-clock latency swings with whatever else the machine runs; CPU time per request does not.
 */
async function cpuPerRequest<Name extends string>(info: ServiceInfo, targets: Record<Name, TimedRequest>): Promise<Record<Name, number>> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const cpuNow = async () => Number(await fetch(`${info.bareUrl}/cpu`).then((r) => r.text()));
  const entries = Object.entries(targets) as Array<[Name, TimedRequest]>;
  const totals = Object.fromEntries(entries.map(([name]) => [name, 0])) as Record<Name, number>;
  const BLOCK = 200;
  const ROUNDS = 5;
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, target] of entries) {
      const before = await cpuNow();
      for (let i = 0; i < BLOCK; i++) await send(target, agent);
      totals[name] += (await cpuNow()) - before;
    }
  }
  agent.destroy();
  for (const [name] of entries) totals[name] /= BLOCK * ROUNDS;
  return totals;
}

function send(target: TimedRequest, agent: Agent): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const headers = target.body ? { 'content-type': 'application/json' } : {};
    const req = httpRequest(target.url, { method: target.method, agent, headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(target.body);
  });
}

interface TimedRequest {
  url: string;
  method: 'GET' | 'POST';
  body?: string;
}

/**
 * One request after another, taking the targets in turn, each on its own kept-alive connection
 * and timed with performance.now() (autocannon's clock counts whole milliseconds).
 */
async function alternating(targets: TimedRequest[], seconds: number): Promise<LoadFigures[]> {
  const agents = targets.map(() => new Agent({ keepAlive: true, maxSockets: 1 }));
  const once = send;
  const warmUntil = performance.now() + 1_000;
  while (performance.now() < warmUntil) for (const [i, target] of targets.entries()) await once(target, agents[i]!);
  const runs = targets.map(() => ({ latencies: [] as number[], failed: 0, bytes: 0 }));
  const started = performance.now();
  while (performance.now() - started < seconds * 1000 * targets.length) {
    for (const [i, target] of targets.entries()) {
      const t = performance.now();
      const response = await once(target, agents[i]!);
      const run = runs[i]!;
      run.latencies.push(performance.now() - t);
      run.bytes += response.bytes;
      if (response.status !== 200) run.failed++;
    }
  }
  for (const agent of agents) agent.destroy();
  return runs.map((run) => {
    const busySeconds = run.latencies.reduce((sum, ms) => sum + ms, 0) / 1000;
    run.latencies.sort((a, b) => a - b);
    return {
      requestsPerSecond: run.latencies.length / busySeconds,
      p50: percentile(run.latencies, 50),
      p99: percentile(run.latencies, 99),
      non2xx: run.failed,
      errors: 0,
      bytesPerResponse: run.bytes / run.latencies.length,
    };
  });
}

/** The service process: fixture site, the API, a bare wrapper, a finished 1,000-page crawl, and the direct-call figures. */
async function serve(): Promise<void> {
  const site = await startFixtureSite();
  const store = createMemoryStore();
  const crawlId = await seedFinishedCrawl(store, site.url);
  const api = createServer({ store, worker: false, allowPrivateNetwork: true, sweepIntervalMs: 0 });
  const apiUrl = await api.listen(0, '127.0.0.1');
  const bare = createHttpServer(async (req, res) => {
    if (req.url === '/cpu') {
      // This process's CPU time so far, in ms (user + system), for cpuPerRequest().
      const { user, system } = process.cpuUsage();
      res.end(String((user + system) / 1000));
      return;
    }
    const { url, ...options } = JSON.parse(await readBody(req)) as { url: string };
    const data = await scrape(url, options);
    const payload = JSON.stringify({ success: true, data });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }).end(payload);
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const info: ServiceInfo = {
    apiUrl,
    bareUrl: `http://127.0.0.1:${(bare.address() as AddressInfo).port}`,
    siteUrl: site.url,
    crawlId,
    direct: await measureDirect(`${site.url}${SMALL_PAGE}`),
  };
  console.log(JSON.stringify(info));
  process.once('SIGTERM', () => {
    bare.closeAllConnections();
    bare.close();
    void Promise.all([api.close(), site.close()]).then(() => process.exit(0));
  });
}

async function measureDirect(url: string): Promise<ServiceInfo['direct']> {
  for (let i = 0; i < 200; i++) await scrape(url, { formats: ['markdown'] });
  const latencies: number[] = [];
  const started = performance.now();
  while (performance.now() - started < 3_000) {
    const t = performance.now();
    await scrape(url, { formats: ['markdown'] });
    latencies.push(performance.now() - t);
  }
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    perSecond: latencies.length / ((performance.now() - started) / 1000),
    calls: latencies.length,
  };
}

/**
 * A completed crawl of 1,000 synthetic pages (30-150 KB each), documents as the engine makes
 * them. Fifty distinct pages are converted and reused, so seeding takes seconds, not minutes.
 */
async function seedFinishedCrawl(store: ReturnType<typeof createMemoryStore>, siteUrl: string): Promise<string> {
  const job = await startCrawlJob(`${siteUrl}/`, { limit: CRAWL_PAGES }, { store });
  const distinct = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      htmlToDocument(syntheticPageHtml(i, { pages: CRAWL_PAGES, seed: 7 }), { url: `${siteUrl}/p/${i}`, formats: ['markdown'] }),
    ),
  );
  const entries: ResultEntry[] = Array.from({ length: CRAWL_PAGES }, (_, i) => {
    const url = `${siteUrl}/p/${i}`;
    const base = distinct[i % distinct.length]!;
    return { kind: 'document', url, document: { ...base, metadata: { ...base.metadata, sourceURL: url, url } } };
  });
  await store.results.append(job.id, entries);
  await store.jobs.increment(job.id, { total: CRAWL_PAGES, completed: CRAWL_PAGES, creditsUsed: CRAWL_PAGES });
  await store.jobs.setStatus(job.id, 'scraping', 'completed', { kickoffFinished: true });
  return job.id;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv[2] === 'serve') await serve();
  else console.log(`\n${JSON.stringify(await runApiBenchmark(process.argv[2] ? Number(process.argv[2]) : undefined))}`);
}

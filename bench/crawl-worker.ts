// One crawler over a synthetic site, in its own process so its peak RSS and CPU are its own.
// Usage: crawl-worker.ts <stack> <baseUrl> <pages> <concurrency>
// Trawl stacks on default options: trawl-links, trawl-markdown (pages converted in the pool of
// threads, the default), trawl-soak; labelled non-default rows: trawl-links-whole-page
// (onlyMainContent: false), trawl-links-in-thread, trawl-markdown-in-thread (convertPool: false).
// Anchors (bench/lib/crawl-anchors.ts): minimal, spider-rs, crawlee-http, crawlee-cheerio,
// crawlee-cheerio-linkedom-markdown, crawlee-jsdom-markdown.
import { loadavg } from 'node:os';
import { ConvertPool, crawl, resolveScrapeOptions, useConvertPool } from '@trawl/core';
import {
  crawleeCheerio,
  crawleeCheerioLinkedomMarkdown,
  crawleeHttp,
  crawleeJsdomMarkdown,
  minimalCrawler,
  spiderRs,
  type CrawlTarget,
} from './lib/crawl-anchors.js';
import { registryPeer } from './lib/registry-peer.js';
import { peakRssMb } from './lib/stats.js';

const [stack = 'trawl-links', base = '', pagesArg = '2000', concurrencyArg = '8'] = process.argv.slice(2);
const target: CrawlTarget = { startUrl: `${base}/`, pages: Number(pagesArg), concurrency: Number(concurrencyArg) };

/**
 * Trawl as a user calls it: `crawl(url, { scrapeOptions: { formats } })` with every other scrape
 * option at its default (onlyMainContent: true). `wholePage` is the labelled non-default row
 * (onlyMainContent: false), `inThread` the labelled convertPool: false row.
 */
async function trawl(
  formats: Array<'links' | 'markdown'>,
  sample?: (done: number) => void,
  variant: { inThread?: boolean; wholePage?: boolean } = {},
): Promise<number> {
  const job = crawl(target.startUrl, {
    limit: target.pages,
    ignoreSitemap: true,
    maxConcurrency: target.concurrency,
    perHostConcurrency: target.concurrency,
    maxRetries: 0,
    scrapeOptions: { formats, ...(variant.wholePage ? { onlyMainContent: false } : {}) },
    ...(variant.inThread ? { convertPool: false as const } : {}),
  });
  let done = 0;
  for await (const doc of job) {
    done++;
    if (!doc.metadata.url) throw new Error('document without url');
    sample?.(done);
  }
  return done;
}

/**
 * The in-thread stacks have the converter loaded before the clock starts (this file imports it),
 * so the pool stacks start their threads before it too: each thread loads the parser and converts
 * a small page. How long that took is reported as poolStartMs, outside the crawl's time.
 */
async function startPool(): Promise<number> {
  const began = performance.now();
  // The default runtime's pool, as a crawl without a convertPool option uses it.
  const pool = new ConvertPool();
  useConvertPool(pool);
  const page = {
    url: `${base}/warm`,
    status: 200,
    headers: { 'content-type': 'text/html' },
    body: Buffer.from('<html><body><article><h1>Warm</h1><p>Up.</p></article></body></html>'),
  };
  const options = resolveScrapeOptions({ formats: ['markdown'] });
  await Promise.all(Array.from({ length: pool.threads * 2 }, () => pool.convert(page, page.url, options, true)));
  return performance.now() - began;
}

const samples: number[] = [];
const soakSample = (n: number) => {
  if (n % Math.max(1, Math.floor(target.pages / 10)) === 0) samples.push(Math.round(process.memoryUsage().rss / 1048576));
};
const stacks: Record<string, () => Promise<number | undefined>> = {
  'trawl-links': () => trawl(['links']),
  'trawl-markdown': () => trawl(['markdown']),
  'trawl-links-whole-page': () => trawl(['links'], undefined, { wholePage: true }),
  'trawl-links-in-thread': () => trawl(['links'], undefined, { inThread: true }),
  'trawl-markdown-in-thread': () => trawl(['markdown'], undefined, { inThread: true }),
  'trawl-soak': () => trawl(['markdown'], soakSample),
  minimal: () => minimalCrawler(target),
  'spider-rs': () => spiderRs(target),
  'crawlee-http': () => crawleeHttp(target),
  'crawlee-cheerio': () => crawleeCheerio(target),
  'crawlee-cheerio-linkedom-markdown': () => crawleeCheerioLinkedomMarkdown(target, peer!),
  'crawlee-jsdom-markdown': () => crawleeJsdomMarkdown(target, peer!),
};
const run = stacks[stack];
if (!run) throw new Error(`unknown stack ${stack}`);

// The Markdown peers' linkedom and Readability from the registry, installed and loaded before the clock.
const peer = stack.endsWith('-markdown') && stack.startsWith('crawlee') ? registryPeer() : undefined;
const poolStartMs = stack.startsWith('trawl') && !stack.endsWith('in-thread') ? await startPool() : 0;
const loadBefore = loadavg()[0]!;
const cpuBefore = process.cpuUsage();
const started = performance.now();
const done = await run();
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
console.log(
  JSON.stringify({
    stack,
    skipped: done === undefined,
    pages: done ?? 0,
    seconds,
    pagesPerSecond: (done ?? 0) / seconds,
    // Every thread of the process (the conversion pool's too), user and system time.
    cpuMsPerPage: done ? (cpu.user + cpu.system) / 1000 / done : 0,
    peakRssMb: peakRssMb(),
    rssSamplesMb: samples,
    poolStartMs,
    load: [loadBefore, loadavg()[0]!],
  }),
);
// Crawlee and spider-rs may keep timers or native threads alive after their crawl.
process.exit(0);

// One rendered crawl in its own process, so its CPU and memory (its Chromium's included) are its own.
// Usage: rendered-crawl-worker.ts <stack> <baseUrl> <pages> <concurrency>
// Stacks: trawl-auto (crawl() on its defaults: HTTP, the browser for the pages that need it),
// trawl-browser (engine: 'browser' on every page), crawlee-playwright (lib/rendered-anchors.ts).
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { type EngineChoice, crawl } from '@trawl/core';
import { createPlaywrightBrowser } from '@trawl/browser-playwright';
import type { CrawlTarget } from './lib/crawl-anchors.js';
import { reapedChildrenCpuMs, sampleMemory, stillRunning } from './lib/process-tree.js';
import { registryPeer } from './lib/registry-peer.js';
import { crawleePlaywright } from './lib/rendered-anchors.js';

const [stack = 'trawl-auto', base = '', pagesArg = '300', concurrencyArg = '4'] = process.argv.slice(2);
const target: CrawlTarget = { startUrl: `${base}/`, pages: Number(pagesArg), concurrency: Number(concurrencyArg) };
const CHROMIUM = process.env.TRAWL_CHROMIUM_PATH ?? '/usr/bin/chromium';

/** RSS of the whole tree at each tenth of the pages: flat memory shows as a flat row. */
const rssSamplesMb: number[] = [];
// Once a second: each look reads /proc, CPU this process would count as the crawl's.
const memory = sampleMemory(1000);
const sampleAt = (done: number) => {
  if (done % Math.max(1, Math.floor(target.pages / 10)) === 0) rssSamplesMb.push(Math.round(memory.current()));
};

/** Pages Trawl's browser loaded (the rest went over HTTP). */
let browserPages: number | undefined;
/** Browser contexts open when the crawl ended: the warm lanes, at most one per page slot. */
let contextsAtEnd: number | undefined;

/**
 * Trawl as a user calls it: crawl() with its default scrape options (Markdown, main content) and
 * the adapter's defaults; its Chromium flags include the machine's (chromium-pool.ts).
 */
async function trawl(engine: EngineChoice): Promise<number> {
  const browser = createPlaywrightBrowser({ maxConcurrentPages: target.concurrency, executablePath: CHROMIUM });
  let done = 0;
  try {
    const job = crawl(target.startUrl, {
      browser,
      engine,
      limit: target.pages,
      ignoreSitemap: true,
      maxConcurrency: target.concurrency,
      perHostConcurrency: target.concurrency,
      maxRetries: 0,
    });
    for await (const doc of job) {
      if (!doc.markdown) throw new Error(`empty Markdown for ${doc.metadata.url}`);
      sampleAt(++done);
    }
    browserPages = browser.stats().pagesServed;
    contextsAtEnd = browser.stats().contexts;
  } finally {
    await browser.close();
  }
  return done;
}

const stacks: Record<string, () => Promise<number>> = {
  'trawl-auto': () => trawl('auto'),
  'trawl-browser': () => trawl('browser'),
  'crawlee-playwright': () => crawleePlaywright(target, peer!, CHROMIUM),
};
const run = stacks[stack];
if (!run) throw new Error(`unknown stack ${stack}`);
// The peer's linkedom and Readability from the registry, installed and loaded before the clock.
const peer = stack.startsWith('crawlee') ? registryPeer() : undefined;

const loadBefore = loadavg()[0]!;
const cpuBefore = process.cpuUsage();
const childrenCpuBefore = reapedChildrenCpuMs();
const started = performance.now();
const done = await run();
const seconds = (performance.now() - started) / 1000;
const ownCpu = process.cpuUsage(cpuBefore);
memory.stop();
// Chromium's CPU counts once it has exited and been reaped: wait for every Chromium process seen to end (10 s at most).
const seen = memory.chromiumSeen();
for (let waited = 0; stillRunning(seen).length > 0 && waited < 10_000; waited += 100) await sleep(100);
const chromiumLeft = stillRunning(seen).length;
const chromiumCpuMs = reapedChildrenCpuMs() - childrenCpuBefore;
const cpuMs = (ownCpu.user + ownCpu.system) / 1000 + chromiumCpuMs;
console.log(
  JSON.stringify({
    stack,
    pages: done,
    seconds,
    pagesPerSecond: done / seconds,
    cpuMsPerPage: cpuMs / done,
    chromiumCpuMsPerPage: chromiumCpuMs / done,
    peakRssMb: memory.peak(),
    rssSamplesMb,
    chromiumProcessesSeen: seen.size,
    chromiumLeft,
    browserPages,
    contextsAtEnd,
    load: [loadBefore, loadavg()[0]!],
  }),
);
// Crawlee may keep timers alive after its crawl.
process.exit(0);

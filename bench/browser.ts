// `pnpm bench browser`: browser throughput on the testkit site in one run: the pool with warm pages
// wiped between scrapes (isolation 'reset', the default), the pool with a new context per page
// (isolation 'context'), and a new browser per page; and the memory of every Chromium process.
// Runs alone too: node --conditions=trawl-source --import tsx bench/browser.ts [poolPages] [coldPages]
import { pathToFileURL } from 'node:url';
import { scrape } from '@trawl/core';
import { createPlaywrightBrowser, type Isolation, type PlaywrightBrowser } from '@trawl/browser-playwright';
import { startFixtureSite } from '@trawl/testkit';
import { sampleMemory } from './lib/process-tree.js';
import { fmt, printTable } from './lib/stats.js';

/** Static pages of the fixture site, scraped in turn (JavaScript-rendered ones would time the page, not the engine). */
const PATHS = [
  '/articles/boilerplate',
  '/articles/minimal',
  '/blog/1',
  '/blog/2',
  '/blog/3',
  '/about',
  '/crawl/a',
  '/crawl/b',
  '/orphan',
  '/charset/utf8',
];
const CONCURRENCY = 4;

export interface EngineFigures {
  pages: number;
  pagesPerSecond: number;
  /** Resident memory of this process and every Chromium process it started, summed, at its peak during the row. */
  peakRssMb: number;
}

export interface PoolFigures extends EngineFigures {
  /** Pages per second against a new browser per page. */
  speedup: number;
  /** Median of the samples taken over the first and the last fifth of the pool's pages. */
  rssFirstFifthMb: number;
  rssLastFifthMb: number;
  /** Pages that ran on a warm page an earlier one had used. */
  reusedPages: number;
}

export interface BrowserBenchmarkResult {
  reset: PoolFigures;
  context: PoolFigures;
  cold: EngineFigures;
}

export async function runBrowserBenchmark(options: { poolPages?: number; coldPages?: number } = {}): Promise<BrowserBenchmarkResult> {
  const poolPages = options.poolPages ?? 500;
  const coldPages = options.coldPages ?? 24;
  console.log(`\n## Browser engine (local Chromium, ${CONCURRENCY} pages at once, fixture site)\n`);
  const site = await startFixtureSite();
  try {
    const pool = async (isolation: Isolation) => {
      const browser = createPlaywrightBrowser({
        maxConcurrentPages: CONCURRENCY,
        maxPagesPerBrowser: poolPages + CONCURRENCY + 1,
        isolation,
      });
      const memory = sampleMemory();
      const phases: number[][] = [];
      try {
        // Launch and warm up outside the clock, as a server would have.
        await runPages(CONCURRENCY, (i) => scrapeWith(browser, `${site.url}${PATHS[i % PATHS.length]}`));
        const reusedBefore = browser.stats().reusedPages;
        const seconds = await timed(() =>
          runPages(poolPages, async (i) => {
            await scrapeWith(browser, `${site.url}${PATHS[i % PATHS.length]}`);
            (phases[Math.floor((i * 5) / poolPages)] ??= []).push(memory.current());
          }),
        );
        return {
          pages: poolPages,
          pagesPerSecond: poolPages / seconds,
          peakRssMb: memory.peak(),
          rssFirstFifthMb: median(phases[0] ?? []),
          rssLastFifthMb: median(phases[4] ?? []),
          reusedPages: browser.stats().reusedPages - reusedBefore,
        };
      } finally {
        memory.stop();
        await browser.close();
      }
    };
    const reset = await pool('reset');
    const context = await pool('context');
    const memory = sampleMemory();
    const coldSeconds = await timed(() =>
      runPages(coldPages, async (i) => {
        const browser = createPlaywrightBrowser({ maxConcurrentPages: 1 });
        try {
          await scrapeWith(browser, `${site.url}${PATHS[i % PATHS.length]}`);
        } finally {
          await browser.close();
        }
      }),
    );
    memory.stop();
    const cold: EngineFigures = { pages: coldPages, pagesPerSecond: coldPages / coldSeconds, peakRssMb: memory.peak() };
    const result: BrowserBenchmarkResult = {
      reset: { ...reset, speedup: reset.pagesPerSecond / cold.pagesPerSecond },
      context: { ...context, speedup: context.pagesPerSecond / cold.pagesPerSecond },
      cold,
    };
    const row = (name: string, figures: EngineFigures, speedup: number) => [
      name,
      String(figures.pages),
      fmt(figures.pagesPerSecond),
      `${fmt(speedup, 1)}x`,
      fmt(figures.peakRssMb, 0),
    ];
    printTable(
      ['engine', 'pages', 'pages/s', 'vs new browser', 'peak RSS MB'],
      [
        row("pool, isolation 'reset' (default): warm pages, wiped", result.reset, result.reset.speedup),
        row("pool, isolation 'context': a new context per page", result.context, result.context.speedup),
        row('a new Chromium per page', result.cold, 1),
      ],
    );
    console.log(
      `\nspeed-up of the default pool: ${fmt(result.reset.speedup, 1)}x a new browser per page (target >= 5x); ` +
        `${result.reset.reusedPages} of ${poolPages} pages ran on a wiped warm page`,
    );
    console.log(
      `memory of the default pool (node + Chromium RSS): median over the first fifth of its pages ${fmt(result.reset.rssFirstFifthMb, 0)} MB, ` +
        `over the last fifth ${fmt(result.reset.rssLastFifthMb, 0)} MB (target: flat)`,
    );
    return result;
  } finally {
    await site.close();
  }
}

function scrapeWith(browser: PlaywrightBrowser, url: string) {
  return scrape(url, { browser, engine: 'browser', formats: ['markdown'] });
}

async function runPages(count: number, page: (index: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await page(next++);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, count) }, worker));
}

async function timed(work: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await work();
  return (performance.now() - start) / 1000;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [pool, cold] = process.argv.slice(2).map(Number);
  const result = await runBrowserBenchmark({ ...(pool ? { poolPages: pool } : {}), ...(cold ? { coldPages: cold } : {}) });
  console.log(`\n${JSON.stringify(result)}`);
}

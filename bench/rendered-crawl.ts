// `pnpm bench rendered-crawl`: a synthetic site where one page in three is an app shell (its
// content rendered by a script), crawled over loopback by Trawl's crawl() on its defaults (the
// `auto` engine: HTTP, the browser for the shells), by Trawl with `engine: 'browser'` on every
// page, and by Crawlee's PlaywrightCrawler; the same Chromium, concurrency and page count, each
// in its own process. Reports pages/s, CPU ms per page and peak RSS, the browser's included, the
// RSS at each tenth of the pages, and the Chromium processes left behind (target: none).
import { loadavg } from 'node:os';
import { runJson, startService } from './lib/child.js';
import { fmt, printTable } from './lib/stats.js';

interface Figures {
  stack: string;
  pages: number;
  seconds: number;
  pagesPerSecond: number;
  cpuMsPerPage: number;
  chromiumCpuMsPerPage: number;
  peakRssMb: number;
  rssSamplesMb: number[];
  chromiumProcessesSeen: number;
  chromiumLeft: number;
  browserPages?: number;
  load: [number, number];
}

const PAGES = Number(process.env.TRAWL_BENCH_RENDERED_PAGES ?? 2000);
const CONCURRENCY = Number(process.env.TRAWL_BENCH_CONCURRENCY ?? 4);
/** One page in this many is an app shell. */
const APP_SHELL_EVERY = 3;

const STACKS: Array<[stack: string, label: string]> = [
  ['trawl-auto', "Trawl crawl(), defaults (engine 'auto': HTTP, the browser for the shells)"],
  ['trawl-browser', "Trawl crawl(), engine: 'browser' on every page"],
  ['crawlee-playwright', 'Crawlee PlaywrightCrawler + enqueueLinks + Readability + turndown'],
];

export async function runRenderedCrawlBenchmark(): Promise<Record<string, number>> {
  console.log(
    `\n## Rendered crawl: ${PAGES} pages, one in ${APP_SHELL_EVERY} an app shell, concurrency ${CONCURRENCY}, load ${loadavg()
      .map((l) => fmt(l, 2))
      .join(' ')}\n`,
  );
  const site = await startService('site-server.ts', [String(PAGES + 1000), String(APP_SHELL_EVERY)]);
  try {
    const figures = new Map<string, Figures>();
    const rows: string[][] = [];
    for (const [stack, label] of STACKS) {
      const f = await runJson<Figures>('rendered-crawl-worker.ts', [stack, site.line, String(PAGES), String(CONCURRENCY)]);
      figures.set(stack, f);
      rows.push([
        label,
        String(f.pages),
        f.browserPages === undefined ? 'all' : String(f.browserPages),
        fmt(f.seconds),
        fmt(f.pagesPerSecond, 2),
        fmt(f.cpuMsPerPage),
        fmt(f.chromiumCpuMsPerPage),
        fmt(f.peakRssMb, 0),
        String(f.chromiumLeft),
        f.load.map((l) => fmt(l, 1)).join('–'),
      ]);
    }
    printTable(
      ['crawler', 'pages', 'in browser', 's', 'pages/s', 'CPU ms/page', 'of it Chromium', 'peak RSS MB', 'Chromium left', 'load'],
      rows,
    );
    console.log('\nRSS (crawler + Chromium, MB) at each tenth of the pages:');
    for (const [stack] of STACKS) console.log(`  ${stack}: ${figures.get(stack)!.rssSamplesMb.join(' ')}`);

    const rival = figures.get('crawlee-playwright')!;
    const result: Record<string, number> = {};
    for (const stack of ['trawl-auto', 'trawl-browser']) {
      const f = figures.get(stack)!;
      const speed = f.pagesPerSecond / rival.pagesPerSecond;
      result[`${stack}PagesPerSecond`] = f.pagesPerSecond;
      result[`${stack}VsPlaywrightCrawler`] = speed;
      result[`${stack}CpuMsPerPage`] = f.cpuMsPerPage;
      result[`${stack}PeakRssMb`] = f.peakRssMb;
      console.log(
        `${stack} / PlaywrightCrawler: ${fmt(speed, 2)}x pages/s (target >= 2.5x: ${speed >= 2.5 ? 'met' : 'not met'}), ` +
          `${fmt(f.cpuMsPerPage / rival.cpuMsPerPage, 2)}x its CPU per page, ${fmt(f.peakRssMb / rival.peakRssMb, 2)}x its peak RSS; ` +
          `${f.chromiumLeft} Chromium process(es) left`,
      );
    }
    result.playwrightCrawlerPagesPerSecond = rival.pagesPerSecond;
    result.playwrightCrawlerCpuMsPerPage = rival.cpuMsPerPage;
    result.playwrightCrawlerPeakRssMb = rival.peakRssMb;
    return result;
  } finally {
    await site.stop();
  }
}

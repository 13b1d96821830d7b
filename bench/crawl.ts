// `pnpm bench crawl`: a synthetic testkit site crawled over loopback by Trawl and by every anchor
// of issue 21 in one run, at the same concurrency, each crawler in its own process (its own peak
// RSS and CPU); then a long Markdown crawl to show memory stays flat. The site serves more pages
// than any crawl asks for, and no Crawlee crawler is given maxRequestsPerCrawl (see
// lib/crawl-anchors.ts): each stops itself at the page count.
import { loadavg } from 'node:os';
import { runJson, startService } from './lib/child.js';
import { fmt, printTable } from './lib/stats.js';

interface Figures {
  stack: string;
  skipped: boolean;
  pages: number;
  seconds: number;
  pagesPerSecond: number;
  cpuMsPerPage: number;
  peakRssMb: number;
  rssSamplesMb: number[];
  load: [number, number];
}

const PAGES = Number(process.env.TRAWL_BENCH_CRAWL_PAGES ?? 2000);
/** The Markdown crawls (default: as many pages as the links crawls). */
const MARKDOWN_PAGES = Number(process.env.TRAWL_BENCH_MARKDOWN_PAGES ?? PAGES);
/** JSDOMCrawler runs at a few pages a second: it crawls a quarter of the pages (said in the output). */
const SLOW_PAGES = Number(process.env.TRAWL_BENCH_SLOW_PAGES ?? Math.min(MARKDOWN_PAGES, 500));
const SOAK_PAGES = Number(process.env.TRAWL_BENCH_SOAK_PAGES ?? 20_000);
const CONCURRENCY = Number(process.env.TRAWL_BENCH_CONCURRENCY ?? 8);

const LINKS: Array<[stack: string, label: string]> = [
  ['minimal', 'minimal: undici keep-alive + regex hrefs + Set + p-queue'],
  ['spider-rs', 'spider-rs 0.0.157 (Rust; its own concurrency)'],
  ['crawlee-http', 'Crawlee HttpCrawler + regex hrefs + enqueueLinks({ urls })'],
  ['crawlee-cheerio', 'Crawlee CheerioCrawler + enqueueLinks'],
  ['trawl-links', "Trawl formats: ['links'], defaults (onlyMainContent: true, thread pool)"],
  ['trawl-links-whole-page', "Trawl formats: ['links'], onlyMainContent: false (not the default)"],
  ['trawl-links-in-thread', "Trawl formats: ['links'], convertPool: false (not the default)"],
];
const MARKDOWN: Array<[stack: string, label: string, pages?: number]> = [
  ['trawl-markdown', 'Trawl Markdown, thread pool', MARKDOWN_PAGES],
  ['trawl-markdown-in-thread', 'Trawl Markdown, in-thread (convertPool: false)', MARKDOWN_PAGES],
  ['crawlee-cheerio-linkedom-markdown', 'CheerioCrawler + linkedom + Readability + turndown', MARKDOWN_PAGES],
  ['crawlee-jsdom-markdown', `JSDOMCrawler + Readability + turndown (${SLOW_PAGES} pages)`, SLOW_PAGES],
];

export async function runCrawlBenchmark(): Promise<Record<string, number>> {
  console.log(
    `\n## Crawl: ${PAGES}-page synthetic site over loopback, concurrency ${CONCURRENCY}, load ${loadavg()
      .map((l) => fmt(l, 2))
      .join(' ')}\n`,
  );
  console.log(
    `The site serves ${Math.max(PAGES, SOAK_PAGES) + 1000} pages; every crawler stops itself at its page count (Crawlee with crawler.stop(), no maxRequestsPerCrawl budget): ${PAGES} for links, ${MARKDOWN_PAGES} for Markdown, ${SLOW_PAGES} for JSDOMCrawler.\n`,
  );
  const site = await startService('site-server.ts', [String(Math.max(PAGES, SOAK_PAGES) + 1000)]);
  try {
    const run = (stack: string, pages = PAGES) =>
      runJson<Figures>('crawl-worker.ts', [stack, site.line, String(pages), String(CONCURRENCY)]);
    const figures = new Map<string, Figures>();
    const rows: string[][] = [];
    for (const [stack, label, pages] of [...LINKS, ...MARKDOWN]) {
      const f = await run(stack, pages);
      figures.set(stack, f);
      rows.push(
        f.skipped
          ? [label, 'skipped', '', '', '', '', '']
          : [
              label,
              String(f.pages),
              fmt(f.seconds),
              fmt(f.pagesPerSecond),
              fmt(f.cpuMsPerPage, 2),
              fmt(f.peakRssMb, 0),
              f.load.map((l) => fmt(l, 1)).join('–'),
            ],
      );
    }
    printTable(['crawler', 'pages', 's', 'pages/s', 'CPU ms/page', 'peak RSS MB', 'load'], rows);

    const rate = (stack: string) => (figures.get(stack)?.skipped ? Number.NaN : figures.get(stack)!.pagesPerSecond);
    const ratios: Record<string, number> = {};
    const ratio = (name: string, ours: string, theirs: string, target?: number) => {
      ratios[name] = rate(ours) / rate(theirs);
      const goal = target === undefined ? '' : ` (target >= ${target}x: ${ratios[name]! >= target ? 'met' : 'not met'})`;
      console.log(`${ours} / ${theirs}: ${fmt(ratios[name]!, 2)}x${goal}`);
    };
    console.log('');
    // The headline ratios are Trawl on its defaults; the labelled rows above show what the
    // non-default options change.
    console.log(`links on default options: ${fmt(rate('trawl-links'))} pages/s`);
    ratio('linksVsMinimal', 'trawl-links', 'minimal', 0.2);
    ratio('linksVsSpider', 'trawl-links', 'spider-rs');
    ratio('linksVsCrawleeHttp', 'trawl-links', 'crawlee-http');
    ratio('linksVsCrawleeCheerio', 'trawl-links', 'crawlee-cheerio');
    ratio('wholePageLinksVsMinimal', 'trawl-links-whole-page', 'minimal');
    ratio('markdownVsCheerioLinkedom', 'trawl-markdown', 'crawlee-cheerio-linkedom-markdown', 2);
    const cpuPerPage = (stack: string) => (figures.get(stack)?.skipped ? Number.NaN : figures.get(stack)!.cpuMsPerPage);
    ratios.markdownPerCpuVsCheerioLinkedom = cpuPerPage('crawlee-cheerio-linkedom-markdown') / cpuPerPage('trawl-markdown');
    console.log(
      `trawl-markdown / crawlee-cheerio-linkedom-markdown per CPU-second: ${fmt(ratios.markdownPerCpuVsCheerioLinkedom, 2)}x (target >= 2x: ${ratios.markdownPerCpuVsCheerioLinkedom >= 2 ? 'met' : 'not met'})`,
    );
    ratio('markdownVsJsdom', 'trawl-markdown', 'crawlee-jsdom-markdown');
    ratio('poolLinks', 'trawl-links', 'trawl-links-in-thread');
    ratio('poolMarkdown', 'trawl-markdown', 'trawl-markdown-in-thread', 1.7);

    if (SOAK_PAGES > 0) {
      console.log(`\n## Memory over a ${SOAK_PAGES}-page Markdown crawl, documents drained by the consumer\n`);
      const soak = await run('trawl-soak', SOAK_PAGES);
      console.log(`RSS every ${Math.floor(SOAK_PAGES / 10)} pages (MB): ${soak.rssSamplesMb.join(', ')}`);
      console.log(
        `${soak.pages} pages in ${fmt(soak.seconds)} s (${fmt(soak.pagesPerSecond)} pages/s, ${fmt(soak.cpuMsPerPage, 2)} CPU ms/page), peak RSS ${fmt(soak.peakRssMb, 0)} MB, load ${soak.load.map((l) => fmt(l, 1)).join('–')}`,
      );
      const half = soak.rssSamplesMb.slice(Math.floor(soak.rssSamplesMb.length / 2));
      ratios.soakPeakRssMb = soak.peakRssMb;
      ratios.soakSecondHalfSpreadMb = half.length ? Math.max(...half) - Math.min(...half) : 0;
      console.log(`RSS spread over the second half: ${ratios.soakSecondHalfSpreadMb} MB`);
    }
    return ratios;
  } finally {
    await site.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runCrawlBenchmark();

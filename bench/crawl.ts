// `pnpm bench` part 2: crawling a synthetic testkit site over loopback, Trawl against Crawlee at
// the same concurrency, each crawler in its own process; then a long crawl to show memory stays flat.
import { runJson, startService } from './lib/child.js';
import { fmt, printTable } from './lib/stats.js';

interface Figures {
  stack: string;
  pages: number;
  seconds: number;
  pagesPerSecond: number;
  peakRssMb: number;
  rssSamplesMb: number[];
}

const PAGES = Number(process.env.TRAWL_BENCH_CRAWL_PAGES ?? 2000);
const SOAK_PAGES = Number(process.env.TRAWL_BENCH_SOAK_PAGES ?? 20_000);
const CONCURRENCY = Number(process.env.TRAWL_BENCH_CONCURRENCY ?? 8);

export async function runCrawlBenchmark(): Promise<Record<string, number>> {
  console.log(`\n## Crawl: ${PAGES}-page synthetic site over loopback, concurrency ${CONCURRENCY}\n`);
  const site = await startService('site-server.ts', [String(Math.max(PAGES, SOAK_PAGES))]);
  try {
    const run = (stack: string, pages = PAGES) =>
      runJson<Figures>('crawl-worker.ts', [stack, site.line, String(pages), String(CONCURRENCY)]);
    const links = {
      trawl: await run('trawl-links'),
      inThread: await run('trawl-links-in-thread'),
      crawlee: await run('crawlee-cheerio-links'),
    };
    const markdown = {
      trawl: await run('trawl-markdown'),
      inThread: await run('trawl-markdown-in-thread'),
      crawlee: await run('crawlee-jsdom-markdown'),
    };
    const row = (label: string, f: Figures) => [label, String(f.pages), fmt(f.seconds), fmt(f.pagesPerSecond), fmt(f.peakRssMb, 0)];
    printTable(
      ['crawler', 'pages', 's', 'pages/s', 'peak RSS MB'],
      [
        row('trawl links (formats: links), thread pool', links.trawl),
        row('trawl links, in-thread (convertPool: false)', links.inThread),
        row('crawlee CheerioCrawler + enqueueLinks', links.crawlee),
        row('trawl markdown, thread pool', markdown.trawl),
        row('trawl markdown, in-thread (convertPool: false)', markdown.inThread),
        row('crawlee JSDOMCrawler + Readability + turndown', markdown.crawlee),
      ],
    );
    const linksRatio = links.trawl.pagesPerSecond / links.crawlee.pagesPerSecond;
    const markdownRatio = markdown.trawl.pagesPerSecond / markdown.crawlee.pagesPerSecond;
    console.log(`\nlinks: ${fmt(linksRatio, 2)}x Crawlee (target >= 1.2x); markdown: ${fmt(markdownRatio, 2)}x Crawlee (target >= 3x)`);
    const poolLinks = links.trawl.pagesPerSecond / links.inThread.pagesPerSecond;
    const poolMarkdown = markdown.trawl.pagesPerSecond / markdown.inThread.pagesPerSecond;
    console.log(
      `thread pool: links ${fmt(poolLinks, 2)}x in-thread; markdown ${fmt(poolMarkdown, 2)}x in-thread (target >= 1.7x on 2 cores)`,
    );

    console.log(`\n## Memory over a ${SOAK_PAGES}-page Markdown crawl, documents drained by the consumer\n`);
    const soak = await run('trawl-soak', SOAK_PAGES);
    console.log(`RSS every ${Math.floor(SOAK_PAGES / 10)} pages (MB): ${soak.rssSamplesMb.join(', ')}`);
    console.log(
      `${soak.pages} pages in ${fmt(soak.seconds)} s (${fmt(soak.pagesPerSecond)} pages/s), peak RSS ${fmt(soak.peakRssMb, 0)} MB`,
    );
    const half = soak.rssSamplesMb.slice(Math.floor(soak.rssSamplesMb.length / 2));
    const growth = half.length ? Math.max(...half) - Math.min(...half) : 0;
    console.log(`RSS spread over the second half: ${growth} MB`);
    return { linksRatio, markdownRatio, poolLinks, poolMarkdown, soakPeakRssMb: soak.peakRssMb, soakSecondHalfSpreadMb: growth };
  } finally {
    await site.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runCrawlBenchmark();

// One crawler over a synthetic site, in its own process so its peak RSS is its own.
// Usage: crawl-worker.ts <stack> <baseUrl> <pages> <concurrency>
// Stacks: trawl-links, trawl-markdown (pages converted in the pool of threads, the default),
// trawl-links-in-thread, trawl-markdown-in-thread (convertPool: false), crawlee-cheerio-links,
// crawlee-jsdom-markdown, trawl-soak.
import { Readability } from '@mozilla/readability';
import { crawl, resolveScrapeOptions, sharedConvertPool } from '@trawl/core';
import TurndownService from 'turndown';
import { peakRssMb } from './lib/stats.js';

const [stack = 'trawl-links', base = '', pagesArg = '2000', concurrencyArg = '8'] = process.argv.slice(2);
const pages = Number(pagesArg);
const concurrency = Number(concurrencyArg);
const startUrl = `${base}/`;

async function trawl(formats: Array<'links' | 'markdown'>, sample?: (done: number) => void, inThread = false): Promise<number> {
  const job = crawl(startUrl, {
    limit: pages,
    ignoreSitemap: true,
    maxConcurrency: concurrency,
    perHostConcurrency: concurrency,
    maxRetries: 0,
    scrapeOptions: { formats, onlyMainContent: formats.includes('markdown') },
    ...(inThread ? { convertPool: false as const } : {}),
  });
  let done = 0;
  for await (const doc of job) {
    done++;
    if (!doc.metadata.url) throw new Error('document without url');
    sample?.(done);
  }
  return done;
}

async function crawleeCheerio(): Promise<number> {
  const { CheerioCrawler, Configuration } = await import('@crawlee/cheerio');
  let done = 0;
  const crawler = new CheerioCrawler(
    {
      maxConcurrency: concurrency,
      minConcurrency: concurrency,
      maxRequestsPerCrawl: pages,
      maxRequestRetries: 0,
      async requestHandler({ enqueueLinks }) {
        done++;
        await enqueueLinks({ strategy: 'same-hostname' });
      },
    },
    new Configuration({ persistStorage: false, purgeOnStart: true }),
  );
  await crawler.run([startUrl]);
  return done;
}

async function crawleeJsdomMarkdown(): Promise<number> {
  const { JSDOMCrawler, Configuration } = await import('@crawlee/jsdom');
  const turndown = new TurndownService();
  let done = 0;
  const crawler = new JSDOMCrawler(
    {
      maxConcurrency: concurrency,
      minConcurrency: concurrency,
      maxRequestsPerCrawl: pages,
      maxRequestRetries: 0,
      async requestHandler({ window, enqueueLinks }) {
        const article = new Readability(window.document.cloneNode(true) as Document).parse();
        const markdown = turndown.turndown(article?.content ?? window.document.body.innerHTML);
        if (markdown.length) done++;
        await enqueueLinks({ strategy: 'same-hostname' });
      },
    },
    new Configuration({ persistStorage: false, purgeOnStart: true }),
  );
  await crawler.run([startUrl]);
  return done;
}

/**
 * The in-thread stacks have the converter loaded before the clock starts (this file imports it),
 * so the pool stacks start their threads before it too: each thread loads the parser and converts
 * a small page. How long that took is reported as poolStartMs, outside the crawl's time.
 */
async function startPool(): Promise<number> {
  const began = performance.now();
  const pool = sharedConvertPool();
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
const poolStartMs = stack.startsWith('trawl') && !stack.endsWith('in-thread') ? await startPool() : 0;
const started = performance.now();
let done: number;
switch (stack) {
  case 'trawl-links':
    done = await trawl(['links']);
    break;
  case 'trawl-markdown':
    done = await trawl(['markdown']);
    break;
  case 'trawl-links-in-thread':
    done = await trawl(['links'], undefined, true);
    break;
  case 'trawl-markdown-in-thread':
    done = await trawl(['markdown'], undefined, true);
    break;
  case 'trawl-soak':
    done = await trawl(['markdown'], (n) => {
      if (n % Math.max(1, Math.floor(pages / 10)) === 0) samples.push(Math.round(process.memoryUsage().rss / 1048576));
    });
    break;
  case 'crawlee-cheerio-links':
    done = await crawleeCheerio();
    break;
  case 'crawlee-jsdom-markdown':
    done = await crawleeJsdomMarkdown();
    break;
  default:
    throw new Error(`unknown stack ${stack}`);
}
const seconds = (performance.now() - started) / 1000;
console.log(
  JSON.stringify({
    stack,
    pages: done,
    seconds,
    pagesPerSecond: done / seconds,
    peakRssMb: peakRssMb(),
    rssSamplesMb: samples,
    poolStartMs,
  }),
);

import { Command } from 'commander';
import { closeDispatchers, crawl, type CrawlOptions, type EngineChoice, type Store } from '@trawl/core';
import { LocalIndex } from '@trawl/search';
import { type CliIO, writeLine } from '../io.js';
import { nonNegativeNumber, wholeNumber } from '../numeric-flags.js';
import { urlArgument } from '../url-argument.js';
import { CrawlOutput } from '../output-files.js';
import { engineOption, pageBrowser } from '../page-browser.js';
import { createProgress } from '../progress.js';
import { STORE_URL_FORMS, storeFromUrl } from '../store-from-url.js';

interface CrawlFlags {
  limit: number;
  maxDepth?: number;
  include?: string[];
  exclude?: string[];
  out?: string;
  concurrency: number;
  delay?: number;
  ignoreSitemap?: boolean;
  ignoreRobots?: boolean;
  entireDomain?: boolean;
  subdomains?: boolean;
  mainContent: boolean;
  engine: EngineChoice;
  store?: string;
}

export function crawlCommand(io: CliIO): Command {
  return new Command('crawl')
    .description('crawl a site; with --out, write one Markdown file per page and index.jsonl')
    .argument('<url>', 'where the crawl starts', urlArgument)
    .option('-l, --limit <n>', 'pages to attempt at most', wholeNumber(), 100)
    .option('-d, --max-depth <n>', 'link hops from the start page (sitemap URLs are 0 hops; the API calls this maxDiscoveryDepth)', wholeNumber(0))
    .option('-i, --include <regex...>', 'only crawl paths matching these regular expressions')
    .option('-e, --exclude <regex...>', 'never crawl paths matching these regular expressions')
    .option('-o, --out <dir>', 'write pages here instead of printing JSON lines')
    .option('-c, --concurrency <n>', 'pages fetched at once', wholeNumber(), 8)
    .option('--delay <seconds>', 'seconds between requests to one host', nonNegativeNumber)
    .option('--ignore-sitemap', 'do not read sitemaps')
    .option('--ignore-robots', 'do not read robots.txt (be considerate)')
    .option('--entire-domain', 'also follow links outside the start path')
    .option('--subdomains', 'also follow links to subdomains')
    .option('--no-main-content', 'keep headers, navs, footers and sidebars')
    .addOption(engineOption())
    .option('--store <url>', `keep the job and its pages in this store (${STORE_URL_FORMS}); its pages are added to the store's local search index`)
    .action(async (url: string, flags: CrawlFlags) => {
      const store = flags.store ? await storeFromUrl(flags.store) : undefined;
      try {
        await runCrawl(url, flags, io, store);
      } finally {
        await store?.close();
      }
    });
}

async function runCrawl(url: string, flags: CrawlFlags, io: CliIO, store: Store | undefined): Promise<void> {
  const browser = pageBrowser(flags.engine);
  // `trawl search --provider local --store …` then finds what this crawl kept.
  const index = store ? new LocalIndex({ store }) : undefined;
  const indexing: Array<Promise<unknown>> = [];
  const options: CrawlOptions = {
    ...(store ? { store } : {}),
    engine: flags.engine,
    ...(browser ? { browser } : {}),
    limit: flags.limit,
    maxConcurrency: flags.concurrency,
    ...(flags.maxDepth !== undefined ? { maxDiscoveryDepth: flags.maxDepth } : {}),
    ...(flags.include ? { includePaths: flags.include } : {}),
    ...(flags.exclude ? { excludePaths: flags.exclude } : {}),
    ...(flags.delay !== undefined ? { delay: flags.delay } : {}),
    ignoreSitemap: flags.ignoreSitemap ?? false,
    ignoreRobots: flags.ignoreRobots ?? false,
    allowBackwardCrawling: flags.entireDomain ?? false,
    allowSubdomains: flags.subdomains ?? false,
    scrapeOptions: { formats: ['markdown'], onlyMainContent: flags.mainContent },
  };
  const job = crawl(url, options);
  const progress = createProgress(io, 'crawl');
  job.on('progress', (record) => progress.update(record.counters));
  // Ctrl-C cancels the crawl cleanly: pages already written stay, index.jsonl is closed.
  const onSigint = () => void job.cancel();
  process.once('SIGINT', onSigint);
  const output = flags.out ? await CrawlOutput.open(flags.out) : undefined;
  try {
    for await (const doc of job) {
      if (index) indexing.push(index.indexDocument(doc));
      if (output) await output.write(doc);
      else writeLine(io.stdout, JSON.stringify(doc));
    }
  } finally {
    process.off('SIGINT', onSigint);
    await output?.close();
    progress.stop();
    await Promise.all([closeDispatchers(), browser?.close(), Promise.all(indexing)]);
  }
  const summary = await job.done;
  const { errors, robotsBlocked } = await job.errors();
  for (const e of errors) writeLine(io.stderr, `failed: ${e.url}: ${e.error}`);
  writeLine(
    io.stderr,
    `${summary.status}: ${summary.completed} pages, ${summary.failed} errors, ${robotsBlocked.length} blocked by robots.txt${flags.out ? `, written to ${flags.out}` : ''}`,
  );
  if (summary.status === 'failed') throw new Error(summary.error?.message ?? 'The crawl failed');
}

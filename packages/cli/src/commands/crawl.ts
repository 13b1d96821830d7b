import { Command } from 'commander';
import { closeDispatchers, crawl, type CrawlOptions, type EngineChoice } from '@trawl/core';
import { type CliIO, writeLine } from '../io.js';
import { CrawlOutput } from '../output-files.js';
import { engineOption, pageBrowser } from '../page-browser.js';
import { createProgress } from '../progress.js';

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
}

const int = (v: string) => Number.parseInt(v, 10);

export function crawlCommand(io: CliIO): Command {
  return new Command('crawl')
    .description('crawl a site; with --out, write one Markdown file per page and index.jsonl')
    .argument('<url>', 'where the crawl starts')
    .option('-l, --limit <n>', 'pages to attempt at most', int, 100)
    .option('-d, --max-depth <n>', 'link hops from the start page', int)
    .option('-i, --include <regex...>', 'only crawl paths matching these regular expressions')
    .option('-e, --exclude <regex...>', 'never crawl paths matching these regular expressions')
    .option('-o, --out <dir>', 'write pages here instead of printing JSON lines')
    .option('-c, --concurrency <n>', 'pages fetched at once', int, 8)
    .option('--delay <seconds>', 'seconds between requests to one host', Number.parseFloat)
    .option('--ignore-sitemap', 'do not read sitemaps')
    .option('--ignore-robots', 'do not read robots.txt (be considerate)')
    .option('--entire-domain', 'also follow links outside the start path')
    .option('--subdomains', 'also follow links to subdomains')
    .option('--no-main-content', 'keep headers, navs, footers and sidebars')
    .addOption(engineOption())
    .action(async (url: string, flags: CrawlFlags) => {
      const browser = pageBrowser(flags.engine);
      const options: CrawlOptions = {
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
          if (output) await output.write(doc);
          else writeLine(io.stdout, JSON.stringify(doc));
        }
      } finally {
        process.off('SIGINT', onSigint);
        await output?.close();
        progress.stop();
        await Promise.all([closeDispatchers(), browser?.close()]);
      }
      const summary = await job.done;
      const { errors, robotsBlocked } = await job.errors();
      for (const e of errors) writeLine(io.stderr, `failed: ${e.url}: ${e.error}`);
      writeLine(
        io.stderr,
        `${summary.status}: ${summary.completed} pages, ${summary.failed} errors, ${robotsBlocked.length} blocked by robots.txt${flags.out ? `, written to ${flags.out}` : ''}`,
      );
      if (summary.status === 'failed') throw new Error(summary.error?.message ?? 'The crawl failed');
    });
}

import { Command } from 'commander';
import type { EngineChoice } from '@trawl/core';
import { STORE_URL_FORMS, type StoreUrl } from '@trawl/core/settings';
import type { CliIO } from '../io.js';
import { nonNegativeNumber, wholeNumber } from '../numeric-flags.js';
import { engineOption } from '../scrape-flags.js';
import { settingParser } from '../setting-flags.js';

export interface CrawlFlags {
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
  store?: StoreUrl;
  resume?: string;
}

export function crawlCommand(io: CliIO): Command {
  return new Command('crawl')
    .description('crawl a site; with --out, write one Markdown file per page and index.jsonl')
    .argument('<url>', 'where the crawl starts')
    .option('-l, --limit <n>', 'pages to attempt at most', wholeNumber(), 100)
    .option(
      '-d, --max-depth <n>',
      'link hops from the start page (sitemap URLs are 0 hops; the API calls this maxDiscoveryDepth)',
      wholeNumber(0),
    )
    .option('-i, --include <regex...>', 'only crawl paths matching these regular expressions')
    .option('-e, --exclude <regex...>', 'never crawl paths matching these regular expressions')
    .option('-o, --out <dir>', 'write pages here (one Markdown file each, and index.jsonl) instead of printing JSON lines')
    .option('-c, --concurrency <n>', 'pages fetched at once', wholeNumber(), 8)
    .option('--delay <seconds>', 'seconds between requests to one host', nonNegativeNumber)
    .option('--ignore-sitemap', 'do not read sitemaps')
    .option('--ignore-robots', 'do not read robots.txt (be considerate)')
    .option('--entire-domain', 'also follow links outside the start path')
    .option('--subdomains', 'also follow links to subdomains')
    .option('--no-main-content', 'keep headers, navs, footers and sidebars')
    .addOption(engineOption())
    .option(
      '--store <url>',
      `keep the job in this store (${STORE_URL_FORMS}), so Ctrl-C or a crash leaves it resumable; its pages join the store's local search index`,
      settingParser('store', '--store'),
    )
    .option('--resume <job-id>', 'with --store: go on with a crawl that stopped early (its id is printed when it starts)')
    .action(async (url: string, flags: CrawlFlags) => (await import('../actions/crawl.js')).crawlAction(url, flags, io));
}

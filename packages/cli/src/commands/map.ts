import { Command } from 'commander';
import type { CliIO } from '../io.js';
import { wholeNumber } from '../numeric-flags.js';

export interface MapFlags {
  search?: string;
  limit?: number;
  sitemap?: boolean;
  sitemapOnly?: boolean;
  subdomains?: boolean;
  timeout?: number;
}

export function mapCommand(io: CliIO): Command {
  return new Command('map')
    .description("list a site's URLs, one per line")
    .argument('<url>', 'the site')
    .option('-s, --search <query>', 'keep and rank URLs relevant to a query')
    .option('-l, --limit <n>', 'URLs at most (up to 5000)', wholeNumber())
    .option('--sitemap', 'also read sitemaps')
    .option('--sitemap-only', 'only read sitemaps, fetch no pages')
    .option('--subdomains', 'include subdomains')
    .option('--timeout <ms>', 'stop looking after this many milliseconds', wholeNumber())
    .action(async (url: string, flags: MapFlags) => (await import('../actions/map.js')).mapAction(url, flags, io));
}

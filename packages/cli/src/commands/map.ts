import { Command } from 'commander';
import { closeDispatchers, map } from '@trawl/core';
import { type CliIO, writeLine } from '../io.js';
import { wholeNumber } from '../numeric-flags.js';
import { urlArgument } from '../url-argument.js';

interface MapFlags {
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
    .argument('<url>', 'the site', urlArgument)
    .option('-s, --search <query>', 'keep and rank URLs relevant to a query')
    .option('-l, --limit <n>', 'URLs at most (up to 5000)', wholeNumber())
    .option('--sitemap', 'also read sitemaps')
    .option('--sitemap-only', 'only read sitemaps, fetch no pages')
    .option('--subdomains', 'include subdomains')
    .option('--timeout <ms>', 'stop looking after this many milliseconds', wholeNumber())
    .action(async (url: string, flags: MapFlags) => {
      try {
        const links = await map(url, {
          ...(flags.search ? { search: flags.search } : {}),
          ...(flags.limit ? { limit: flags.limit } : {}),
          ...(flags.timeout ? { timeout: flags.timeout } : {}),
          ignoreSitemap: !flags.sitemap,
          sitemapOnly: flags.sitemapOnly ?? false,
          includeSubdomains: flags.subdomains ?? false,
        });
        for (const link of links) writeLine(io.stdout, link);
      } finally {
        await closeDispatchers();
      }
    });
}

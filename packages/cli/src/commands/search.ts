import { Command } from 'commander';
import type { Env, SettingTypeOf, StoreUrl } from '@trawl/core/settings';
import type { CliIO } from '../io.js';
import { wholeNumber } from '../numeric-flags.js';
import { settingOption } from '../setting-flags.js';

export interface SearchFlags {
  limit: number;
  scrape?: boolean;
  provider?: SettingTypeOf<'searchProvider'>;
  lang?: string;
  country?: string;
  location?: string;
  tbs?: string;
  timeout: number;
  json?: boolean;
  mainContent: boolean;
  store?: StoreUrl;
  corpus: string;
  team?: string;
}

export function searchCommand(io: CliIO, env: Env = process.env): Command {
  return new Command('search')
    .description('search the web (or the pages this instance indexed) and print the hits')
    .argument('<query>', 'what to search for')
    .option('-l, --limit <n>', 'results at most', wholeNumber(), 5)
    .option('--scrape', 'fetch each hit and print its Markdown')
    .addOption(settingOption('searchProvider'))
    .option('--lang <code>', 'language of results, e.g. en')
    .option('--country <code>', 'country of results, e.g. us')
    .option('--location <place>', 'where to search from, for providers that localise')
    .option('--tbs <range>', 'time range: qdr:h|d|w|m|y, or cdr:1,cd_min:M/D/YYYY,cd_max:M/D/YYYY')
    .option('--timeout <ms>', 'give up after this many milliseconds', wholeNumber(), 60_000)
    .option('--no-main-content', 'with --scrape, keep headers, navs, footers and sidebars')
    .option('--json', 'print the reply as /v1/search would')
    .addOption(settingOption('store', 'with --provider local, the store holding the index'))
    .option('--corpus <name>', 'with --provider local, which corpus to search', 'default')
    .option('--team <team>', "with --provider local, search the pages a server's jobs kept for this team (`local` on an open server)")
    .action(async (query: string, flags: SearchFlags) => (await import('../actions/search.js')).searchAction(query, flags, env, io));
}

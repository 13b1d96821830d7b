import { Command, Option } from 'commander';
import { closeDispatchers, searchAndScrape, v1SearchResponse, type SearchOutcome, type SearchProvider, type Store } from '@trawl/core';
import { chooseProvider, LocalIndex, PROVIDER_NAMES, providerFromEnv } from '@trawl/search';
import { type CliIO, writeLine } from '../io.js';
import { wholeNumber } from '../numeric-flags.js';
import { pageBrowser } from '../page-browser.js';
import { DEFAULT_STORE_URL, STORE_URL_FORMS, storeFromUrl } from '../store-from-url.js';

interface SearchFlags {
  limit: number;
  scrape?: boolean;
  provider?: string;
  lang?: string;
  country?: string;
  location?: string;
  tbs?: string;
  timeout: number;
  json?: boolean;
  mainContent: boolean;
  store?: string;
  corpus: string;
}

export function searchCommand(io: CliIO): Command {
  return new Command('search')
    .description('search the web (or the pages this instance indexed) and print the hits')
    .argument('<query>', 'what to search for')
    .option('-l, --limit <n>', 'results at most', wholeNumber(), 5)
    .option('--scrape', 'fetch each hit and print its Markdown')
    .addOption(new Option('-p, --provider <name>', 'search provider (default: TRAWL_SEARCH_PROVIDER, else the first configured, else duckduckgo)').choices(PROVIDER_NAMES))
    .option('--lang <code>', 'language of results, e.g. en')
    .option('--country <code>', 'country of results, e.g. us')
    .option('--location <place>', 'where to search from, for providers that localise')
    .option('--tbs <range>', 'time range: qdr:h|d|w|m|y, or cdr:1,cd_min:M/D/YYYY,cd_max:M/D/YYYY')
    .option('--timeout <ms>', 'give up after this many milliseconds', wholeNumber(), 60_000)
    .option('--no-main-content', 'with --scrape, keep headers, navs, footers and sidebars')
    .option('--json', 'print the reply as /v1/search would')
    .option('--store <url>', `with --provider local, the store holding the index (${STORE_URL_FORMS}; default TRAWL_STORE or ${DEFAULT_STORE_URL})`)
    .option('--corpus <name>', 'with --provider local, which corpus to search', 'default')
    .action(async (query: string, flags: SearchFlags) => {
      let store: Store | undefined;
      const browser = flags.scrape ? pageBrowser() : undefined;
      try {
        let localIndex: SearchProvider | undefined;
        if (chooseProvider(process.env, flags.provider) === 'local') {
          store = await storeFromUrl(flags.store ?? process.env.TRAWL_STORE ?? DEFAULT_STORE_URL);
          localIndex = new LocalIndex({ store, corpus: flags.corpus });
        }
        const provider = providerFromEnv({ ...(flags.provider ? { provider: flags.provider } : {}), ...(localIndex ? { localIndex } : {}) });
        const outcome = await searchAndScrape(provider, query, {
          limit: flags.limit,
          timeout: flags.timeout,
          ...(flags.lang ? { lang: flags.lang } : {}),
          ...(flags.country ? { country: flags.country } : {}),
          ...(flags.location ? { location: flags.location } : {}),
          ...(flags.tbs ? { tbs: flags.tbs } : {}),
          ...(flags.scrape ? { scrapeOptions: { formats: ['markdown'], onlyMainContent: flags.mainContent } } : {}),
          ...(browser ? { browser } : {}),
        });
        if (flags.json) writeLine(io.stdout, JSON.stringify(v1SearchResponse(outcome), null, 2));
        else writeLine(io.stdout, renderOutcome(outcome));
        if (outcome.warning && !flags.json) writeLine(io.stderr, `warning: ${outcome.warning}`);
      } finally {
        await Promise.all([closeDispatchers(), browser?.close(), store?.close()]);
      }
    });
}

/** Numbered hits; with scraped content, each hit's Markdown (or why it failed) under it. */
function renderOutcome(outcome: SearchOutcome): string {
  return outcome.data
    .map((item, i) => {
      const lines = [`${i + 1}. ${item.title || item.url}`, `   ${item.url}`];
      if (item.description) lines.push(`   ${item.description}`);
      if (item.metadata?.error) lines.push(`   (not scraped: ${item.metadata.error})`);
      else if (item.markdown !== undefined) lines.push('', item.markdown.trim(), '');
      return lines.join('\n');
    })
    .join('\n');
}

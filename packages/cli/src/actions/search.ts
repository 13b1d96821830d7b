import { createRuntime, searchAndScrape, type SearchOutcome } from '@trawl/core';
import { v1SearchResponse } from '@trawl/core/server';
import type { SearchProvider, Store } from '@trawl/core/ports';
import { readSetting, type Env } from '@trawl/core/settings';
import { chooseProvider, LocalIndex, searchFromEnv, teamCorpus } from '@trawl/search';
import type { SearchFlags } from '../commands/search.js';
import { type CliIO, writeLine } from '../io.js';
import { commandRuntime } from '../command-runtime.js';
import { openStore } from '../open-store.js';

/** `trawl search <query>`: the hits, numbered, each with its Markdown with `--scrape`. */
export async function searchAction(query: string, flags: SearchFlags, env: Env, io: CliIO): Promise<void> {
  let store: Store | undefined;
  const runtime = flags.scrape ? commandRuntime('auto', {}, env) : createRuntime({}, { owns: ['sharedPools'] });
  try {
    let localIndex: SearchProvider | undefined;
    if (chooseProvider(env, flags.provider) === 'local') {
      store = await openStore(readSetting('store', env, flags.store));
      localIndex = new LocalIndex({ store, corpus: flags.team === undefined ? flags.corpus : teamCorpus(flags.team) });
    }
    const provider = searchFromEnv(env, {
      ...(flags.provider ? { provider: flags.provider } : {}),
      ...(localIndex ? { localIndex } : {}),
    });
    const outcome = await searchAndScrape(provider, query, {
      limit: flags.limit,
      timeout: flags.timeout,
      ...(flags.lang ? { lang: flags.lang } : {}),
      ...(flags.country ? { country: flags.country } : {}),
      ...(flags.location ? { location: flags.location } : {}),
      ...(flags.tbs ? { tbs: flags.tbs } : {}),
      ...(flags.scrape ? { scrapeOptions: { formats: ['markdown'], onlyMainContent: flags.mainContent } } : {}),
      runtime,
    });
    if (flags.json) writeLine(io.stdout, JSON.stringify(v1SearchResponse(outcome), null, 2));
    else writeLine(io.stdout, renderOutcome(outcome));
    if (outcome.warning && !flags.json) writeLine(io.stderr, `warning: ${outcome.warning}`);
  } finally {
    await Promise.all([runtime.close(), store?.close()]);
  }
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

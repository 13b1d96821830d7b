import type { Store } from '@trawl/core';
import type { Env } from '@trawl/http';
import { pageBrowser } from './page-browser.js';

/**
 * The adapters the environment configures, as every command finds them: a local Chromium
 * (TRAWL_CHROMIUM_PATH, TRAWL_BROWSER=off to skip), a model (OPENAI_API_KEY, OPENAI_BASE_URL,
 * OLLAMA_BASE_URL, ANTHROPIC_API_KEY) and a search provider (SEARXNG_ENDPOINT, BRAVE_API_KEY,
 * SERPER_API_KEY, else DuckDuckGo). With TRAWL_SEARCH_PROVIDER=local, search is the local index
 * kept in `store`, returned as `localIndex` too so the pages jobs record can be added to it.
 * Loaded on use, so commands that need none start faster.
 */
export async function adaptersFromEnv(env: Env, store?: Store) {
  const [{ llmFromEnv }, { chooseProvider, LocalIndex, providerFromEnv }] = await Promise.all([import('@trawl/llm'), import('@trawl/search')]);
  const browser = pageBrowser('auto', env as NodeJS.ProcessEnv);
  const llm = llmFromEnv(env);
  const localIndex = store && chooseProvider(env) === 'local' ? new LocalIndex({ store }) : undefined;
  const search = providerFromEnv({ env, ...(localIndex ? { localIndex } : {}) });
  return { ...(browser ? { browser } : {}), ...(llm ? { llm } : {}), search, ...(localIndex ? { localIndex } : {}) };
}

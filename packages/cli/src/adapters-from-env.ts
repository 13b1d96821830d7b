import { createMemoryStore } from '@trawl/core';
import type { Store } from '@trawl/core/ports';
import type { Env } from '@trawl/core/settings';
import { browserFromEnv } from '@trawl/browser-playwright/from-env';

/**
 * The adapters the environment configures, as every long-running command finds them, each read
 * through the settings table by its package's fromEnv helper: a local Chromium (TRAWL_CHROMIUM_PATH,
 * TRAWL_BROWSER=false to skip), a model (OPENAI_API_KEY, OPENAI_BASE_URL, OLLAMA_BASE_URL,
 * ANTHROPIC_API_KEY) and a search provider (SEARXNG_ENDPOINT, BRAVE_API_KEY, SERPER_API_KEY, else
 * DuckDuckGo). With TRAWL_SEARCH_PROVIDER=local, search is the local index kept in `store`, one
 * corpus per team, returned as `localIndex` too so the pages jobs record can be added to their
 * team's corpus; without a store (a
 * `--check`), one in memory stands in. The model and search packages load on use.
 */
export async function adaptersFromEnv(env: Env, store?: Store) {
  const [{ llmFromEnv }, { chooseProvider, createTeamSearchIndex, searchFromEnv }] = await Promise.all([
    import('@trawl/llm'),
    import('@trawl/search'),
  ]);
  const browser = browserFromEnv(env);
  try {
    const llm = llmFromEnv(env);
    const localIndex = chooseProvider(env) === 'local' ? createTeamSearchIndex({ store: store ?? createMemoryStore() }) : undefined;
    const search = searchFromEnv(env, localIndex ? { localIndex } : {});
    return { ...(browser ? { browser } : {}), ...(llm ? { llm } : {}), search, ...(localIndex ? { localIndex } : {}) };
  } catch (error) {
    await browser?.close();
    throw error;
  }
}

import type { Env } from '@trawl/http';
import { pageBrowser } from './page-browser.js';

/**
 * The adapters the environment configures, as every command finds them: a local Chromium
 * (TRAWL_CHROMIUM_PATH, TRAWL_BROWSER=off to skip), a model (OPENAI_API_KEY, OPENAI_BASE_URL,
 * OLLAMA_BASE_URL, ANTHROPIC_API_KEY) and a search provider (SEARXNG_ENDPOINT, BRAVE_API_KEY,
 * SERPER_API_KEY, else DuckDuckGo). Loaded on use, so commands that need none start faster.
 */
export async function adaptersFromEnv(env: Env) {
  const [{ llmFromEnv }, { providerFromEnv }] = await Promise.all([
    import('@trawl/llm'),
    import('@trawl/search'),
  ]);
  const browser = pageBrowser('auto', env as NodeJS.ProcessEnv);
  const llm = llmFromEnv(env);
  const search = providerFromEnv({ env });
  return { ...(browser ? { browser } : {}), ...(llm ? { llm } : {}), search };
}

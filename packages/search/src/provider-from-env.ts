import { TrawlError, type SearchProvider } from '@trawl/core';
import { braveProvider } from './providers/brave.js';
import { duckDuckGoProvider } from './providers/duckduckgo.js';
import { searxngProvider } from './providers/searxng.js';
import { serperProvider } from './providers/serper.js';

export const PROVIDER_NAMES = ['searxng', 'brave', 'serper', 'duckduckgo', 'local'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

type Env = Record<string, string | undefined>;

export interface ProviderFromEnvOptions {
  /** Where settings are read (default `process.env`). */
  env?: Env;
  /** A provider name that wins over `TRAWL_SEARCH_PROVIDER`. */
  provider?: string;
  /** The local index (see `LocalIndex`), used when `local` is chosen. */
  localIndex?: SearchProvider;
}

/**
 * Which provider the settings select: `TRAWL_SEARCH_PROVIDER` (or `forced`) when set; otherwise
 * the first one configured of SearXNG (`SEARXNG_ENDPOINT`), Brave (`BRAVE_API_KEY`) and Serper
 * (`SERPER_API_KEY`); otherwise DuckDuckGo's keyless HTML endpoint.
 */
export function chooseProvider(env: Env, forced?: string): ProviderName {
  const named = (forced ?? env.TRAWL_SEARCH_PROVIDER ?? '').trim().toLowerCase();
  if (named) {
    if ((PROVIDER_NAMES as readonly string[]).includes(named)) return named as ProviderName;
    throw new TrawlError('INVALID_OPTIONS', `Unknown search provider "${named}": use one of ${PROVIDER_NAMES.join(', ')}`);
  }
  if (env.SEARXNG_ENDPOINT) return 'searxng';
  if (env.BRAVE_API_KEY) return 'brave';
  if (env.SERPER_API_KEY) return 'serper';
  return 'duckduckgo';
}

/** The provider the environment selects (see `chooseProvider`), built from its settings. */
export function providerFromEnv(options: ProviderFromEnvOptions = {}): SearchProvider {
  const env = options.env ?? process.env;
  const name = chooseProvider(env, options.provider);
  switch (name) {
    case 'searxng':
      return searxngProvider({
        endpoint: required(env, 'SEARXNG_ENDPOINT', name),
        ...(env.SEARXNG_ENGINES ? { engines: env.SEARXNG_ENGINES } : {}),
        ...(env.SEARXNG_CATEGORIES ? { categories: env.SEARXNG_CATEGORIES } : {}),
      });
    case 'brave':
      return braveProvider({ apiKey: required(env, 'BRAVE_API_KEY', name), ...(env.BRAVE_API_URL ? { apiUrl: env.BRAVE_API_URL } : {}) });
    case 'serper':
      return serperProvider({ apiKey: required(env, 'SERPER_API_KEY', name), ...(env.SERPER_API_URL ? { apiUrl: env.SERPER_API_URL } : {}) });
    case 'duckduckgo':
      return duckDuckGoProvider(env.DUCKDUCKGO_HTML_URL ? { htmlUrl: env.DUCKDUCKGO_HTML_URL } : {});
    case 'local':
      if (!options.localIndex) throw new TrawlError('INVALID_OPTIONS', 'The local search provider needs a local index (a LocalIndex over the Store)');
      return options.localIndex;
  }
}

function required(env: Env, key: string, provider: ProviderName): string {
  const value = env[key]?.trim();
  if (!value) throw new TrawlError('INVALID_OPTIONS', `The ${provider} search provider needs ${key}`);
  return value;
}

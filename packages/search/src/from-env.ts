import { TrawlError } from '@trawl/core';
import type { SearchProvider } from '@trawl/core/ports';
import { readSetting, readSettings, SEARCH_PROVIDERS, type Env } from '@trawl/core/settings';
import { braveProvider } from './providers/brave.js';
import { duckDuckGoProvider } from './providers/duckduckgo.js';
import { searxngProvider } from './providers/searxng.js';
import { serperProvider } from './providers/serper.js';

/** The providers TRAWL_SEARCH_PROVIDER names, from core's settings table. */
export const PROVIDER_NAMES = SEARCH_PROVIDERS;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

export interface SearchFromEnvOptions {
  /** A provider name that wins over `TRAWL_SEARCH_PROVIDER` (`trawl search --provider`). */
  provider?: ProviderName;
  /** The local index (see `LocalIndex`), used when `local` is chosen. */
  localIndex?: SearchProvider;
}

/** The search settings in core's table (docs/search.md explains them). */
const SEARCH_SETTINGS = [
  'searxngEndpoint',
  'searxngEngines',
  'searxngCategories',
  'braveApiKey',
  'braveApiUrl',
  'serperApiKey',
  'serperApiUrl',
  'duckduckgoHtmlUrl',
] as const;

/**
 * Which provider the settings select: `TRAWL_SEARCH_PROVIDER` (or `forced`) when set; otherwise
 * the first one configured of SearXNG (`SEARXNG_ENDPOINT`), Brave (`BRAVE_API_KEY`) and Serper
 * (`SERPER_API_KEY`); otherwise DuckDuckGo's keyless HTML endpoint.
 */
export function chooseProvider(env: Env, forced?: ProviderName): ProviderName {
  const named = readSetting('searchProvider', env, forced);
  if (named) return named;
  const settings = readSettings(SEARCH_SETTINGS, env);
  if (settings.searxngEndpoint) return 'searxng';
  if (settings.braveApiKey) return 'brave';
  if (settings.serperApiKey) return 'serper';
  return 'duckduckgo';
}

/**
 * The provider the settings select (see `chooseProvider`), built from its settings through core's
 * settings table. Shaped as every adapter's `fromEnv` helper: `(env, options)`. Never undefined:
 * DuckDuckGo needs no key, so some provider is always configured. A malformed value throws.
 */
export function searchFromEnv(env: Env = process.env, options: SearchFromEnvOptions = {}): SearchProvider {
  const name = chooseProvider(env, options.provider);
  const settings = readSettings(SEARCH_SETTINGS, env);
  switch (name) {
    case 'searxng':
      return searxngProvider({
        endpoint: required(settings.searxngEndpoint, 'SEARXNG_ENDPOINT', name),
        ...(settings.searxngEngines ? { engines: settings.searxngEngines } : {}),
        ...(settings.searxngCategories ? { categories: settings.searxngCategories } : {}),
      });
    case 'brave':
      return braveProvider({
        apiKey: required(settings.braveApiKey, 'BRAVE_API_KEY', name),
        ...(settings.braveApiUrl ? { apiUrl: settings.braveApiUrl } : {}),
      });
    case 'serper':
      return serperProvider({
        apiKey: required(settings.serperApiKey, 'SERPER_API_KEY', name),
        ...(settings.serperApiUrl ? { apiUrl: settings.serperApiUrl } : {}),
      });
    case 'duckduckgo':
      return duckDuckGoProvider(settings.duckduckgoHtmlUrl ? { htmlUrl: settings.duckduckgoHtmlUrl } : {});
    case 'local':
      if (!options.localIndex)
        throw new TrawlError('INVALID_OPTIONS', 'The local search provider needs a local index (a LocalIndex over the Store)');
      return options.localIndex;
  }
}

function required(value: string | undefined, variable: string, provider: ProviderName): string {
  if (!value) throw new TrawlError('INVALID_OPTIONS', `The ${provider} search provider needs ${variable}`);
  return value;
}

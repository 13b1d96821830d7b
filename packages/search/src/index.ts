export {
  searchFromEnv,
  chooseProvider,
  PROVIDER_NAMES,
  type ProviderName,
  type SearchFromEnvOptions,
} from './from-env.js';
export { searxngProvider, searxngParams, type SearxngOptions } from './providers/searxng.js';
export { braveProvider, braveParams, BRAVE_API_URL, type BraveOptions } from './providers/brave.js';
export { serperProvider, serperBody, SERPER_API_URL, type SerperOptions } from './providers/serper.js';
export {
  duckDuckGoProvider,
  duckDuckGoForm,
  duckDuckGoRegion,
  DUCKDUCKGO_HTML_URL,
  OFFLINE_SEARCH_HINT,
  type DuckDuckGoOptions,
} from './providers/duckduckgo.js';
export { parseDuckDuckGoPage, type DuckDuckGoPage } from './providers/duckduckgo-page.js';
export { parseTbs, type TimeRange, type TimeUnit } from './providers/tbs.js';
export { LocalIndex, createLocalIndexes, corpusLogId, type LocalIndexOptions, type LocalIndexes } from './local/local-index.js';
export { toCorpusEntry, plainText } from './local/corpus-entry.js';
export { createTeamSearchIndex, teamCorpus, type TeamSearchIndex } from './local/team-indexes.js';

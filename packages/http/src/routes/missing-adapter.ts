import { TrawlError } from '@trawl/core';

/** 501 for search without a provider: never a crash, never a made-up result. Same code as a missing LLM or browser. */
export function searchProviderMissing(): TrawlError {
  return new TrawlError(
    'SCRAPE_ADAPTER_MISSING',
    'Search needs a search provider, and none is configured: pass `searchProvider` to createTrawlApi (the @trawl/search adapter: SearXNG, Brave, Serper, DuckDuckGo or a local index).',
  );
}

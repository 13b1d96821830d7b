import { ApiError } from '../http/api-error.js';

/** 501 for search without a provider: never a crash, never a made-up result. */
export function searchProviderMissing(): ApiError {
  return new ApiError(
    501,
    'Search needs a search provider, and none is configured: pass `search` to createTrawlApi (the @trawl/search adapter: SearXNG, Brave, Serper, DuckDuckGo or a local index).',
    { code: 'ADAPTER_MISSING' },
  );
}

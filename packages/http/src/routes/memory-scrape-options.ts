import type { PageMemoryOptions, PageMemoryRequest } from '@trawl/core/server';
import type { ApiContext } from './types.js';

/** The page-memory options of an API scrape: the server's retention, the caller's team, the request's fields (the runtime's store remembers). */
export function memoryScrapeOptions(api: Pick<ApiContext, 'pageMemory'>, teamId: string, request: PageMemoryRequest): PageMemoryOptions {
  return { teamId, pageMemory: api.pageMemory, ...request };
}

import type { PageMemoryOptions, PageMemoryRequest } from '@trawl/core';
import type { ApiContext } from '../routes/types.js';

/** The page-memory options of an API scrape: the server's store and retention, the caller's team, the request's fields. */
export function memoryScrapeOptions(
  api: Pick<ApiContext, 'store' | 'pageMemory'>,
  teamId: string,
  request: PageMemoryRequest,
): PageMemoryOptions {
  return { store: api.store, teamId, pageMemory: api.pageMemory, ...request };
}

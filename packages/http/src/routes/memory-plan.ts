/**
 * What a scrape request asks of the page memory: the cache fields (`maxAge`, `minAge`,
 * `storeInCache`, `zeroDataRetention`, v2's `lockdown`) with v1's and v2's defaults, and change tracking (v2's
 * format object, v1's `changeTrackingOptions`). Pure.
 */
import type { ChangeTrackingOptions } from '@trawl/core';
import { type PageMemoryRequest, V2_DEFAULT_MAX_AGE_MS } from '@trawl/core/server';
import { badRequest } from '../transport/api-error.js';
import { CREDIT_COSTS } from '../limits/credits.js';

export interface MemoryFields {
  maxAge?: number | undefined;
  minAge?: number | undefined;
  storeInCache?: boolean | undefined;
  zeroDataRetention?: boolean | undefined;
  lockdown?: boolean | undefined;
}

/**
 * The request's memory fields; `defaultMaxAge` is v2's two days (Firecrawl's) or v1's 0. Change
 * tracking compares with the markdown format, so it needs it (Firecrawl's rule).
 */
export function memoryRequest(
  fields: MemoryFields,
  defaultMaxAge: number,
  changeTracking: ChangeTrackingOptions | undefined,
  hasMarkdown: boolean,
): PageMemoryRequest {
  if (changeTracking && !hasMarkdown) {
    const message = 'The changeTracking format needs the markdown format too: the Markdown is what it compares';
    throw badRequest([{ code: 'invalid_format', message, path: ['formats'] }], `Bad Request: ${message}`);
  }
  return {
    maxAge: fields.maxAge ?? defaultMaxAge,
    ...(fields.minAge === undefined ? {} : { minAge: fields.minAge }),
    ...(fields.storeInCache === undefined ? {} : { storeInCache: fields.storeInCache }),
    ...(fields.zeroDataRetention ? { zeroDataRetention: true } : {}),
    // Served from the page memory only (a miss is SCRAPE_LOCKDOWN_MISS, never a load).
    ...(fields.lockdown ? { lockdown: true } : {}),
    ...(changeTracking ? { changeTracking } : {}),
  };
}

export const V1_DEFAULT_MAX_AGE_MS = 0;
export { V2_DEFAULT_MAX_AGE_MS };

/** Credits on top of the page's: change tracking's json mode has a model read the page, as the json format does. */
export function memoryExtraCost(request: PageMemoryRequest, pageCost: number): number {
  return request.changeTracking?.modes?.includes('json') && pageCost < CREDIT_COSTS.jsonPage ? CREDIT_COSTS.jsonPage - pageCost : 0;
}

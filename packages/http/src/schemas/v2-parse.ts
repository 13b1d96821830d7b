/**
 * The `options` part of `POST /v2/parse`, as the 4.x SDK's `parse()` sends it: v2's scrape
 * options without what needs a page to load (waits, actions, mobile, location) or a cache.
 */
import { z } from 'zod';
import { unusedFields } from './firecrawl-unused-fields.js';
import { v2ScrapeOptionsShape } from './v2-scrape.js';

const { waitFor, mobile, actions, location, maxAge, minAge, storeInCache, lockdown, proxy, threatProtection, ...parseShape } =
  v2ScrapeOptionsShape;
void waitFor,
  void mobile,
  void actions,
  void location,
  void maxAge,
  void minAge,
  void storeInCache,
  void lockdown,
  void proxy,
  void threatProtection;

export const v2ParseOptionsSchema = z.strictObject({
  ...parseShape,
  proxy: z.enum(['basic', 'auto']).optional(),
  // Firecrawl's parse takes the cache fields (firecrawl-mcp 3.26's firecrawl_parse offers them); an upload is never cached, so they change nothing.
  maxAge: z.number().int().min(0).optional(),
  minAge: z.number().int().min(0).optional(),
  storeInCache: z.boolean().optional(),
  ...unusedFields('__agentInterop'),
});
export type V2ParseOptions = z.output<typeof v2ParseOptionsSchema>;

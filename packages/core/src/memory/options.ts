import { z } from 'zod';

/** The two ways change tracking reports what changed (Firecrawl's `modes`). */
export const changeTrackingModeSchema = z.enum(['git-diff', 'json']);

/** Firecrawl's change-tracking options (v1 `changeTrackingOptions`, v2's `changeTracking` format object). */
export const changeTrackingOptionsSchema = z.object({
  /** `git-diff`: a unified diff of the Markdown and its parsed form; `json`: fields a model extracts, compared one by one. */
  modes: z.array(changeTrackingModeSchema).max(2).optional(),
  /** What `json` mode extracts: a JSON Schema… */
  schema: z.record(z.string(), z.unknown()).optional(),
  /** …or a prompt. */
  prompt: z.string().max(10_000).optional(),
  /** Keeps a separate history: scrapes compare only with earlier scrapes of the same tag. */
  tag: z.string().max(256).optional(),
});
export type ChangeTrackingOptions = z.infer<typeof changeTrackingOptionsSchema>;

/** One day in ms, and the v2 default of `maxAge`: two of them (Firecrawl's). */
export const DAY_MS = 86_400_000;
export const V2_DEFAULT_MAX_AGE_MS = 2 * DAY_MS;

/** The page-memory options of a scrape request, as Firecrawl names them. */
export const pageMemoryFieldsSchema = {
  /** Serve a cached copy at most this old (ms); 0 always fetches. */
  maxAge: z.number().int().min(0).optional(),
  /** Answer from the cache only, with a copy at least this old (ms); none: SCRAPE_NO_CACHED_DATA. */
  minAge: z.number().int().min(0).optional(),
  /** Keep this scrape in the cache (default true). */
  storeInCache: z.boolean().optional(),
  /** Keep nothing of this request: no cache entry, no change-tracking snapshot. */
  zeroDataRetention: z.boolean().optional(),
  /** Answer from the page memory only, never loading the page (v2's `lockdown`); no copy: SCRAPE_LOCKDOWN_MISS. */
  lockdown: z.boolean().optional(),
};

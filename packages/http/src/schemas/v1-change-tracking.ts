import { changeTrackingOptionsSchema, formatSchema, type PageMemoryRequest } from '@trawl/core/server';
import type { Format, ScrapeOptionsInput } from '@trawl/core';
import { z } from 'zod';
import { memoryRequest, V1_DEFAULT_MAX_AGE_MS } from '../v2/memory-plan.js';
import { coreScrapeOptions, v1ScrapeOptionsSchema } from './shared.js';

/**
 * v1's page options with its change tracking: the `changeTracking` format name and its
 * `changeTrackingOptions`, as Firecrawl's v1 takes them in a scrape, a batch and a crawl's
 * `scrapeOptions`. Strict, without the rules across fields (each body adds `refineV1Waits`).
 */
export const v1TrackedOptionsSchema = v1ScrapeOptionsSchema
  .extend({
    formats: z
      .array(z.enum([...formatSchema.options, 'changeTracking']))
      .min(1)
      .default(['markdown']),
    changeTrackingOptions: changeTrackingOptionsSchema.strict().optional(),
  })
  .strict();
export type V1TrackedOptions = z.output<typeof v1TrackedOptionsSchema>;

/**
 * Splits v1 tracked options into core's scrape options (the engine formats, without the
 * accepted-but-unused cache fields) and the page-memory request (v1's cache defaults, change
 * tracking when the format is asked for). `zeroDataRetention` set at the body's top level counts too.
 */
export function planV1Tracked(
  options: Partial<V1TrackedOptions> & { minAge?: number | undefined },
  topLevel: { zeroDataRetention?: boolean | undefined } = {},
): { scrapeOptions: ScrapeOptionsInput; memory: PageMemoryRequest } {
  const { formats = ['markdown'], changeTrackingOptions, minAge, ...rest } = options;
  const engineFormats = formats.filter((format): format is Format => format !== 'changeTracking');
  const tracking = formats.length !== engineFormats.length;
  const memory = memoryRequest(
    { ...rest, minAge, zeroDataRetention: rest.zeroDataRetention || topLevel.zeroDataRetention },
    V1_DEFAULT_MAX_AGE_MS,
    tracking ? (changeTrackingOptions ?? {}) : undefined,
    engineFormats.includes('markdown'),
  );
  return { scrapeOptions: { ...coreScrapeOptions(rest), formats: engineFormats }, memory };
}

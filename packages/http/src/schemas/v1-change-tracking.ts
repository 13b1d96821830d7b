import { changeTrackingOptionsSchema, formatSchema, type PageMemoryRequest } from '@trawl/core/server';
import { scrapeOptionsSchema, type Format, type ScrapeOptionsInput } from '@trawl/core';
import { z } from 'zod';
import { badRequest } from '../http/api-error.js';
import type { V1Shaping } from '../v1/v1-document.js';
import { memoryRequest, V1_DEFAULT_MAX_AGE_MS } from '../v2/memory-plan.js';
import { coreScrapeOptions, v1ScrapeOptionsSchema } from './shared.js';

/**
 * v1's page options with its own format names: `changeTracking` with its `changeTrackingOptions`,
 * and `extract` (LLM extraction's older name, the 1.x SDKs') with its `extract` options, as
 * Firecrawl's v1 takes them in a scrape, a batch and a crawl's `scrapeOptions`. Strict, without
 * the rules across fields (each body adds `refineV1Waits`; planV1Tracked checks `extract`).
 */
export const v1TrackedOptionsSchema = v1ScrapeOptionsSchema
  .extend({
    formats: z
      .array(z.enum([...formatSchema.options, 'changeTracking', 'extract']))
      .min(1)
      .default(['markdown']),
    changeTrackingOptions: changeTrackingOptionsSchema.strict().optional(),
    /** The `extract` format's options: the same as `jsonOptions` (schema, prompt, systemPrompt). */
    extract: scrapeOptionsSchema.shape.jsonOptions,
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
): { scrapeOptions: ScrapeOptionsInput; memory: PageMemoryRequest; v1: V1Shaping | undefined } {
  const { formats = ['markdown'], changeTrackingOptions, minAge, extract, ...rest } = options;
  const asksExtract = formats.includes('extract');
  if (extract && !asksExtract) {
    // Firecrawl's v1 rule: the `extract` options and the `extract` format come together.
    throw badRequest([
      {
        code: 'custom',
        path: ['extract'],
        message: "When 'extract' format is specified, corresponding options must be provided, and vice versa",
      },
    ]);
  }
  const named = [...new Set(formats.map((format) => (format === 'extract' ? 'json' : format)))];
  const engineFormats = named.filter((format): format is Format => format !== 'changeTracking');
  const tracking = formats.includes('changeTracking');
  if (asksExtract && extract && !rest.jsonOptions) rest.jsonOptions = extract;
  const memory = memoryRequest(
    { ...rest, minAge, zeroDataRetention: rest.zeroDataRetention || topLevel.zeroDataRetention },
    V1_DEFAULT_MAX_AGE_MS,
    tracking ? (changeTrackingOptions ?? {}) : undefined,
    engineFormats.includes('markdown'),
  );
  return {
    scrapeOptions: { ...coreScrapeOptions(rest), formats: engineFormats },
    memory,
    v1: asksExtract ? { extract: true, json: formats.includes('json') } : undefined,
  };
}

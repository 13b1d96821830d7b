import { changeTrackingOptionsSchema, formatSchema, type PageMemoryRequest } from '@trawl/core/server';
import { scrapeOptionsSchema, type Format, type PageProfileName, type ScrapeOptionsInput } from '@trawl/core';
import { z } from 'zod';
import { badRequest } from '../transport/api-error.js';
import type { V1Shaping } from '../v1/v1-document.js';
import { SUMMARY_PROMPT, SUMMARY_SCHEMA } from '../routes/summary-format.js';
import { memoryRequest, V1_DEFAULT_MAX_AGE_MS } from '../routes/memory-plan.js';
import { coreScrapeOptions, v1ScrapeOptionsSchema } from './shared.js';

/** v1's format names that are not core's: each becomes core formats or options (planV1Tracked). */
const V1_OWN_FORMATS = ['changeTracking', 'extract', 'summary', 'product', 'menu', 'branding'] as const;
type V1OwnFormat = (typeof V1_OWN_FORMATS)[number];
const V1_PROFILES = ['product', 'menu', 'branding'] as const satisfies readonly PageProfileName[];

/**
 * v1's page options with its own format names, as Firecrawl's v1 takes them in a scrape, a batch
 * and a crawl's `scrapeOptions`: `changeTracking` with its `changeTrackingOptions`; `extract` (LLM
 * extraction's older name, the 1.x SDKs') with its `extract` options; `summary`; and the page
 * profiles `product`, `menu`, `branding`. Strict, without the rules across fields (each body adds
 * `refineV1Waits`; planV1Tracked checks the formats against each other).
 */
export const v1TrackedOptionsSchema = v1ScrapeOptionsSchema
  .extend({
    formats: z
      .array(z.enum([...formatSchema.options, ...V1_OWN_FORMATS]))
      .min(1)
      .default(['markdown']),
    changeTrackingOptions: changeTrackingOptionsSchema.strict().optional(),
    /** The `extract` format's options: the same as `jsonOptions` (schema, prompt, systemPrompt). */
    extract: scrapeOptionsSchema.shape.jsonOptions,
  })
  .strict();
export type V1TrackedOptions = z.output<typeof v1TrackedOptionsSchema>;

function refusal(path: string, message: string): never {
  throw badRequest([{ code: 'custom', path: [path], message }]);
}

/**
 * Splits v1 tracked options into core's scrape options (core's formats, without the
 * accepted-but-unused cache fields), the page-memory request (v1's cache defaults, change
 * tracking when the format is asked for) and how v1 names the answer (`v1`, undefined when it is
 * core's Document as it is). `zeroDataRetention` set at the body's top level counts too.
 */
export function planV1Tracked(
  options: Partial<V1TrackedOptions> & { minAge?: number | undefined },
  topLevel: { zeroDataRetention?: boolean | undefined } = {},
): { scrapeOptions: ScrapeOptionsInput; memory: PageMemoryRequest; v1: V1Shaping | undefined } {
  const { formats = ['markdown'], changeTrackingOptions, minAge, extract, ...rest } = options;
  const asked = new Set<Format | V1OwnFormat>(formats);
  // Firecrawl's v1 rule: the `extract` options and the `extract` format come together.
  if (extract && !asked.has('extract'))
    refusal('extract', "When 'extract' format is specified, corresponding options must be provided, and vice versa");
  const summary = asked.has('summary');
  if (summary && (asked.has('json') || asked.has('extract')))
    refusal('formats', 'the summary and json formats cannot be asked for together: add a summary field to the json schema instead');
  const coreFormats = [...asked].filter((format): format is Format => (formatSchema.options as readonly string[]).includes(format));
  if ((asked.has('extract') || summary) && !coreFormats.includes('json')) coreFormats.push('json');
  const profiles = V1_PROFILES.filter((profile) => asked.has(profile));
  // Profiles alone still need a format: core's cheapest one carries them, and is not answered.
  const carrierOnly = coreFormats.length === 0 && profiles.length > 0;
  if (carrierOnly) coreFormats.push('rawHtml');
  if (asked.has('extract') && extract && !rest.jsonOptions) rest.jsonOptions = extract;
  if (summary) rest.jsonOptions = { prompt: SUMMARY_PROMPT, schema: { ...SUMMARY_SCHEMA } };
  const memory = memoryRequest(
    { ...rest, minAge, zeroDataRetention: rest.zeroDataRetention || topLevel.zeroDataRetention },
    V1_DEFAULT_MAX_AGE_MS,
    asked.has('changeTracking') ? (changeTrackingOptions ?? {}) : undefined,
    coreFormats.includes('markdown'),
  );
  const shaping: V1Shaping = { extract: asked.has('extract'), json: asked.has('json'), summary, dropRawHtml: carrierOnly };
  return {
    scrapeOptions: { ...coreScrapeOptions(rest), formats: coreFormats, ...(profiles.length ? { profiles } : {}) },
    memory,
    v1: shaping.extract || shaping.summary || shaping.dropRawHtml ? shaping : undefined,
  };
}

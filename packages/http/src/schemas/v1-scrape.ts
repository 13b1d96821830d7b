import { changeTrackingOptionsSchema, formatSchema } from '@trawl/core';
import { z } from 'zod';
import { clientFields, refineV1Waits, targetUrlSchema, v1ScrapeOptionsSchema } from './shared.js';

/** `POST /v1/scrape`: the v1 options, with v1's `changeTracking` format and its `changeTrackingOptions`, and `minAge`. */
export const v1ScrapeBodySchema = v1ScrapeOptionsSchema
  .extend({
    url: targetUrlSchema,
    ...clientFields,
    formats: z
      .array(z.enum([...formatSchema.options, 'changeTracking']))
      .min(1)
      .default(['markdown']),
    changeTrackingOptions: changeTrackingOptionsSchema.strict().optional(),
    minAge: z.number().int().min(0).optional(),
  })
  .strict()
  .superRefine(refineV1Waits);
export type V1ScrapeBody = z.output<typeof v1ScrapeBodySchema>;

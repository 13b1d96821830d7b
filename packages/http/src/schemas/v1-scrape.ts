import { z } from 'zod';
import { clientFields, refineV1Waits, targetUrlSchema } from './shared.js';
import { v1TrackedOptionsSchema } from './v1-change-tracking.js';

/** `POST /v1/scrape`: the v1 options, with v1's `changeTracking` format and its `changeTrackingOptions`, and `minAge`. */
export const v1ScrapeBodySchema = v1TrackedOptionsSchema
  .extend({
    url: targetUrlSchema,
    ...clientFields,
    minAge: z.number().int().min(0).optional(),
    /** Firecrawl's FIRE-1 agent: accepted so the handler can answer 501 naming it. */
    agent: z.looseObject({}).optional(),
  })
  .strict()
  .superRefine(refineV1Waits);
export type V1ScrapeBody = z.output<typeof v1ScrapeBodySchema>;

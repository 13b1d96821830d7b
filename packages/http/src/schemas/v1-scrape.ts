import type { z } from 'zod';
import { clientFields, refineV1Waits, targetUrlSchema, v1ScrapeOptionsSchema } from './shared.js';

/** `POST /v1/scrape`. */
export const v1ScrapeBodySchema = v1ScrapeOptionsSchema
  .extend({ url: targetUrlSchema, ...clientFields })
  .strict()
  .superRefine(refineV1Waits);
export type V1ScrapeBody = z.output<typeof v1ScrapeBodySchema>;

import { z } from 'zod';
import { extractFields, URLS_OR_PROMPT } from './v1-llm-jobs.js';
import { threatProtectionSchema } from './v2-hosted-fields.js';
import { hostedOnlyFields, v2ScrapeOptionsSchema } from './v2-scrape.js';

/** `POST /v2/extract`: v1's fields with v2 scrape options. `agent` (Firecrawl's FIRE-1) is accepted so the handler can answer 501 for it. */
export const v2ExtractBodySchema = z
  .strictObject({
    ...extractFields,
    scrapeOptions: v2ScrapeOptionsSchema.optional(),
    agent: z.looseObject({}).optional(),
    threatProtection: threatProtectionSchema.optional(),
    ...hostedOnlyFields,
  })
  .refine(...URLS_OR_PROMPT);

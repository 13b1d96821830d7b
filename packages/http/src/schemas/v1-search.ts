import { formatSchema, MAX_TIMEOUT_MS } from '@trawl/core/server';
import { z } from 'zod';
import { unusedFields } from './firecrawl-unused-fields.js';
import { clientFields, refineV1Waits, v1ScrapeOptionsSchema } from './shared.js';
import { threatProtectionSchema } from './v2-hosted-fields.js';

/** `POST /v1/search`: results are scraped only when `scrapeOptions.formats` names a format. */
export const v1SearchBodySchema = z.strictObject({
  query: z.string().trim().min(1),
  limit: z.number().int().min(1).max(10).default(5),
  tbs: z.string().optional(),
  filter: z.string().optional(),
  lang: z.string().default('en'),
  country: z.string().default('us'),
  location: z.string().optional(),
  timeout: z.number().int().positive().max(MAX_TIMEOUT_MS).default(60_000),
  ignoreInvalidURLs: z.boolean().optional(),
  scrapeOptions: v1ScrapeOptionsSchema
    .extend({ formats: z.array(formatSchema).default([]) })
    .strict()
    .superRefine(refineV1Waits)
    .optional(),
  threatProtection: threatProtectionSchema.optional(),
  ...unusedFields('__searchPreviewToken'),
  ...clientFields,
});
export type V1SearchBody = z.output<typeof v1SearchBodySchema>;

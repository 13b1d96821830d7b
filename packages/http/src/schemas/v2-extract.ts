import { z } from 'zod';
import { extractFields, URLS_OR_PROMPT } from './v1-llm-jobs.js';
import { UNUSED_EXTRACT_FIELDS, unusedFields } from './firecrawl-unused-fields.js';
import { threatProtectionSchema } from './v2-hosted-fields.js';
import { webhookSpecSchema } from '../webhooks/index.js';
import { hostedOnlyFields, v2ScrapeOptionsSchema } from './v2-scrape.js';

/** `POST /v2/extract`: v1's fields with v2 scrape options. `agent` (Firecrawl's FIRE-1) is accepted so the handler can answer 501 for it. */
export const v2ExtractBodySchema = z
  .strictObject({
    ...extractFields,
    scrapeOptions: v2ScrapeOptionsSchema.optional(),
    agent: z.looseObject({}).optional(),
    threatProtection: threatProtectionSchema.optional(),
    /** Accepted and answered with a warning: extract jobs send no webhook events yet; poll the status. */
    webhook: webhookSpecSchema.nullish(),
    ...hostedOnlyFields,
    ...unusedFields(...UNUSED_EXTRACT_FIELDS),
  })
  .refine(...URLS_OR_PROMPT);

import { MAX_CRAWL_LIMIT, MAX_TIMEOUT_MS } from '@trawl/core/server';
import { z } from 'zod';
import { UNUSED_EXTRACT_FIELDS, unusedFields } from './firecrawl-unused-fields.js';
import { clientFields, targetUrlSchema, v1PageOptionsSchema } from './shared.js';
import { threatProtectionSchema } from './v2-hosted-fields.js';
import { webhookSpecSchema } from '../webhooks/index.js';

/** Extract's fields, shared by v1 and v2 (which differ in their scrape options). */
export const extractFields = {
  urls: z.array(z.string()).optional(),
  prompt: z.string().optional(),
  systemPrompt: z.string().optional(),
  schema: z.record(z.string(), z.unknown()).optional(),
  limit: z.number().int().positive().max(MAX_CRAWL_LIMIT).optional(),
  enableWebSearch: z.boolean().default(false),
  ignoreSitemap: z.boolean().default(false),
  includeSubdomains: z.boolean().default(true),
  allowExternalLinks: z.boolean().default(false),
  showSources: z.boolean().default(false),
  ignoreInvalidURLs: z.boolean().optional(),
  timeout: z.number().int().positive().max(MAX_TIMEOUT_MS).optional(),
};

/** An extract needs URLs to read or a prompt to search with. */
export const URLS_OR_PROMPT = [
  (body: { urls?: string[] | undefined; prompt?: string | undefined }) => (body.urls?.length ?? 0) > 0 || body.prompt !== undefined,
  { message: "Either 'urls' or 'prompt' must be provided." },
] as const;

/** `POST /v1/extract` (E4). */
export const v1ExtractBodySchema = z
  .strictObject({
    ...extractFields,
    scrapeOptions: v1PageOptionsSchema.optional(),
    /** Firecrawl's FIRE-1 agent: accepted so the handler can answer 501 naming it. */
    agent: z.looseObject({}).optional(),
    /** Accepted and answered with a warning: extract jobs send no webhook events yet; poll the status. */
    webhook: webhookSpecSchema.nullish(),
    threatProtection: threatProtectionSchema.optional(),
    ...unusedFields(...UNUSED_EXTRACT_FIELDS),
    ...clientFields,
  })
  .refine(...URLS_OR_PROMPT);

/** `POST /v1/llmstxt` (E8). Not strict, as Firecrawl's: unknown keys are dropped. */
export const v1LlmsTxtBodySchema = z.object({
  url: targetUrlSchema,
  maxUrls: z.number().int().min(1).max(5000).default(10),
  showFullText: z.boolean().default(false),
  cache: z.boolean().optional(),
  ...clientFields,
});

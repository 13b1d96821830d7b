import { MAX_CRAWL_LIMIT, MAX_TIMEOUT_MS } from '@trawl/core';
import { z } from 'zod';
import { clientFields, targetUrlSchema, v1PageOptionsSchema } from './shared.js';

/** `POST /v1/extract` (E4). */
export const v1ExtractBodySchema = z
  .strictObject({
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
    scrapeOptions: v1PageOptionsSchema.optional(),
    ...clientFields,
  })
  .refine((body) => (body.urls?.length ?? 0) > 0 || body.prompt !== undefined, { message: "Either 'urls' or 'prompt' must be provided." });

/** `POST /v1/llmstxt` (E8). Not strict, as Firecrawl's: unknown keys are dropped. */
export const v1LlmsTxtBodySchema = z.object({
  url: targetUrlSchema,
  maxUrls: z.number().int().min(1).max(5000).default(10),
  showFullText: z.boolean().default(false),
  cache: z.boolean().optional(),
  ...clientFields,
});

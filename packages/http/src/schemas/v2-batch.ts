import { MAX_CONCURRENCY, MAX_CRAWL_LIMIT } from '@trawl/core/server';
import { z } from 'zod';
import { webhookSpecSchema } from '../webhooks/index.js';
import { UNUSED_JOB_FIELDS, unusedFields } from './firecrawl-unused-fields.js';
import { v2ScrapeOptionsShape } from './v2-scrape.js';

/** `POST /v2/batch/scrape`: the scrape options at the top level, plus the URLs. */
export const v2BatchBodySchema = z.strictObject({
  ...v2ScrapeOptionsShape,
  // Checked one by one in the handler: `ignoreInvalidURLs` decides whether a bad one fails the request.
  urls: z.array(z.string()).min(1).max(MAX_CRAWL_LIMIT),
  webhook: webhookSpecSchema.nullish(),
  /** v2 skips invalid URLs by default and lists them in `invalidURLs`. */
  ignoreInvalidURLs: z.boolean().default(true),
  maxConcurrency: z.number().int().positive().max(MAX_CONCURRENCY).nullish(),
  /** Adds the URLs to this running batch instead of starting one. */
  appendToId: z.string().min(1).max(200).nullish(),
  ...unusedFields(...UNUSED_JOB_FIELDS),
});
export type V2BatchBody = z.output<typeof v2BatchBodySchema>;

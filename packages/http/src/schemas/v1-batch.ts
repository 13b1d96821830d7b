import { MAX_CONCURRENCY } from '@trawl/core/server';
import { z } from 'zod';
import { webhookSpecSchema } from '../webhooks/index.js';
import { clientFields, refineV1Waits } from './shared.js';
import { v1TrackedOptionsSchema } from './v1-change-tracking.js';

/** `POST /v1/batch/scrape`: the scrape options (change tracking included) at the top level, plus the URLs. */
export const v1BatchBodySchema = v1TrackedOptionsSchema
  .extend({
    // Checked one by one in the handler: `ignoreInvalidURLs` decides whether a bad one fails the request.
    urls: z.array(z.string()).min(1),
    webhook: webhookSpecSchema.optional(),
    ignoreInvalidURLs: z.boolean().default(false),
    maxConcurrency: z.number().int().positive().max(MAX_CONCURRENCY).optional(),
    /** Adds the URLs to this running batch instead of starting one. */
    appendToId: z.string().min(1).max(200).optional(),
    ...clientFields,
  })
  .strict()
  .superRefine(refineV1Waits);
export type V1BatchBody = z.output<typeof v1BatchBodySchema>;

import { MAP_MAX_LIMIT } from '@trawl/core';
import { MAX_TIMEOUT_MS } from '@trawl/core/server';
import { z } from 'zod';
import { clientFields, targetUrlSchema } from './shared.js';
import { auditMetadataSchema } from './v2-hosted-fields.js';
import { v2ScrapeOptionsShape } from './v2-scrape.js';

/** `POST /v1/map`, with the contract's defaults (sitemaps ignored, no subdomains, 5000 links). */
export const v1MapBodySchema = z.strictObject({
  url: targetUrlSchema,
  search: z.string().optional(),
  ignoreSitemap: z.boolean().default(true),
  sitemapOnly: z.boolean().default(false),
  includeSubdomains: z.boolean().default(false),
  limit: z.number().int().min(1).max(MAP_MAX_LIMIT).default(MAP_MAX_LIMIT),
  timeout: z.number().int().positive().max(MAX_TIMEOUT_MS).optional(),
  /** Firecrawl's cloud index; there is none here, so it changes nothing. */
  useIndex: z.boolean().optional(),
  /** The SDK's v1 client sends both; map fetches without a browser and keeps no audit log, so neither changes anything. */
  location: v2ScrapeOptionsShape.location,
  auditMetadata: auditMetadataSchema.optional(),
  ...clientFields,
});
export type V1MapBody = z.output<typeof v1MapBodySchema>;

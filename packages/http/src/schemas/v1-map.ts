import { MAP_MAX_LIMIT } from '@trawl/core';
import { MAX_TIMEOUT_MS, requestHeadersSchema } from '@trawl/core/server';
import { z } from 'zod';
import { clientFields, targetUrlSchema } from './shared.js';
import { UNUSED_MAP_FIELDS, UNUSED_V1_MAP_FIELDS, unusedFields } from './firecrawl-unused-fields.js';
import { auditMetadataSchema, threatProtectionSchema } from './v2-hosted-fields.js';
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
  /** The SDK's v1 client sends both; map fetches without a browser and keeps no audit log, so neither changes anything. */
  location: v2ScrapeOptionsShape.location,
  auditMetadata: auditMetadataSchema.optional(),
  threatProtection: threatProtectionSchema.optional(),
  useMock: z.string().max(200).optional(),
  /** Sent with every page the map fetches. */
  headers: requestHeadersSchema.optional(),
  ignoreRobotsTxt: z.boolean().optional(),
  /** `true`: one link per URL without its query string (Firecrawl's default; Trawl's keeps them, as before). */
  ignoreQueryParameters: z.boolean().optional(),
  /** `true`: only links under the start URL's path (Firecrawl's default; Trawl's is the whole site, as before). */
  filterByPath: z.boolean().optional(),
  /** Always on: links are deduplicated on normalised URLs. */
  deduplicateSimilarURLs: z.boolean().optional(),
  ...unusedFields(...UNUSED_MAP_FIELDS, ...UNUSED_V1_MAP_FIELDS),
  ...clientFields,
});
export type V1MapBody = z.output<typeof v1MapBodySchema>;

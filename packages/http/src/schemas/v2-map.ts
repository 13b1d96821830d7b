import { MAP_MAX_LIMIT } from '@trawl/core';
import { MAP_HARD_LIMIT, MAX_TIMEOUT_MS, requestHeadersSchema } from '@trawl/core/server';
import { z } from 'zod';
import { UNUSED_MAP_FIELDS, unusedFields } from './firecrawl-unused-fields.js';
import { targetUrlSchema } from './shared.js';
import { auditMetadataSchema, threatProtectionSchema } from './v2-hosted-fields.js';
import { hostedOnlyFields, v2ScrapeOptionsShape } from './v2-scrape.js';

/** `POST /v2/map`, with v2's defaults: sitemaps and subdomains included, query strings ignored. */
export const v2MapBodySchema = z.strictObject({
  url: targetUrlSchema,
  search: z.string().max(1000).optional(),
  sitemap: z.enum(['skip', 'include', 'only']).default('include'),
  includeSubdomains: z.boolean().default(true),
  ignoreQueryParameters: z.boolean().default(true),
  limit: z.number().int().min(1).max(MAP_HARD_LIMIT).default(MAP_MAX_LIMIT),
  timeout: z.number().int().positive().max(MAX_TIMEOUT_MS).optional(),
  location: v2ScrapeOptionsShape.location,
  threatProtection: threatProtectionSchema.optional(),
  auditMetadata: auditMetadataSchema.optional(),
  /** Sent with every page the map fetches. */
  headers: requestHeadersSchema.optional(),
  ignoreRobotsTxt: z.boolean().optional(),
  /** `true`: only links under the start URL's path (Firecrawl's default; Trawl's is the whole site, as before). */
  filterByPath: z.boolean().optional(),
  /** Always on: links are deduplicated on normalised URLs. */
  deduplicateSimilarURLs: z.boolean().optional(),
  useMock: v2ScrapeOptionsShape.useMock,
  ...hostedOnlyFields,
  ...unusedFields('robotsUserAgent', ...UNUSED_MAP_FIELDS),
});
export type V2MapBody = z.output<typeof v2MapBodySchema>;

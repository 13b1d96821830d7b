import { MAX_CONCURRENCY, MAX_CRAWL_DELAY_S, MAX_CRAWL_LIMIT, MAX_DEPTH } from '@trawl/core/server';
import type { CrawlOptionsInput } from '@trawl/core';
import { z } from 'zod';
import { webhookSpecSchema } from '../webhooks/index.js';
import { clientFields, patternListSchema, refineRegexList, refineV1Waits, targetUrlSchema } from './shared.js';
import { v1TrackedOptionsSchema } from './v1-change-tracking.js';

/** `POST /v1/crawl`: Firecrawl's v1 crawl body. */
export const v1CrawlBodySchema = z
  .strictObject({
    url: targetUrlSchema,
    includePaths: patternListSchema.optional(),
    excludePaths: patternListSchema.optional(),
    maxDepth: z.number().int().min(0).max(MAX_DEPTH).optional(),
    maxDiscoveryDepth: z.number().int().min(0).max(MAX_DEPTH).optional(),
    limit: z.number().int().positive().max(MAX_CRAWL_LIMIT).default(10_000),
    /** Deprecated name of `crawlEntireDomain`. */
    allowBackwardLinks: z.boolean().optional(),
    crawlEntireDomain: z.boolean().optional(),
    allowExternalLinks: z.boolean().default(false),
    allowSubdomains: z.boolean().default(false),
    ignoreRobotsTxt: z.boolean().default(false),
    ignoreSitemap: z.boolean().default(false),
    /** Always on: the frontier dedupes on normalised URLs. */
    deduplicateSimilarURLs: z.boolean().optional(),
    ignoreQueryParameters: z.boolean().default(false),
    regexOnFullURL: z.boolean().default(false),
    /** Seconds between requests to one host. */
    delay: z.number().min(0).max(MAX_CRAWL_DELAY_S).optional(),
    maxConcurrency: z.number().int().positive().max(MAX_CONCURRENCY).optional(),
    /** v1's page options, change tracking included (each page compared with its last scrape). */
    scrapeOptions: v1TrackedOptionsSchema.superRefine(refineV1Waits).optional(),
    webhook: webhookSpecSchema.optional(),
    zeroDataRetention: z.boolean().optional(),
    ...clientFields,
  })
  .superRefine((body, ctx) => {
    refineRegexList(body.includePaths, 'includePaths', ctx);
    refineRegexList(body.excludePaths, 'excludePaths', ctx);
  });
export type V1CrawlBody = z.output<typeof v1CrawlBodySchema>;

/** The v1 body's crawl rules in core's vocabulary. */
export function v1CrawlRules(body: V1CrawlBody): CrawlOptionsInput {
  return {
    limit: body.limit,
    ...(body.maxDepth === undefined ? {} : { maxDepth: body.maxDepth }),
    ...(body.maxDiscoveryDepth === undefined ? {} : { maxDiscoveryDepth: body.maxDiscoveryDepth }),
    ...(body.includePaths?.length ? { includePaths: body.includePaths } : {}),
    ...(body.excludePaths?.length ? { excludePaths: body.excludePaths } : {}),
    regexOnFullURL: body.regexOnFullURL,
    allowBackwardCrawling: body.crawlEntireDomain ?? body.allowBackwardLinks ?? false,
    allowExternalContentLinks: body.allowExternalLinks,
    allowSubdomains: body.allowSubdomains,
    ignoreSitemap: body.ignoreSitemap,
    ignoreQueryParameters: body.ignoreQueryParameters,
    ignoreRobots: body.ignoreRobotsTxt,
    ...(body.delay === undefined ? {} : { delay: body.delay }),
    ...(body.maxConcurrency === undefined ? {} : { maxConcurrency: body.maxConcurrency }),
  };
}

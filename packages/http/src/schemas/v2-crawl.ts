import { MAX_CONCURRENCY, MAX_CRAWL_DELAY_S, MAX_CRAWL_LIMIT, MAX_DEPTH } from '@trawl/core/server';
import type { CrawlOptionsInput } from '@trawl/core';
import { z } from 'zod';
import { webhookSpecSchema } from '../webhooks/index.js';
import { patternListSchema, refineRegexList, targetUrlSchema } from './shared.js';
import { unusedFields } from './firecrawl-unused-fields.js';
import { hostedOnlyFields, v2ScrapeOptionsSchema } from './v2-scrape.js';

export const MAX_PROMPT_CHARS = 10_000;

/** The crawl rules of a v2 body: what `prompt` and `/v2/crawl/params-preview` may fill in too. */
export const v2CrawlRulesShape = {
  includePaths: patternListSchema.nullish(),
  excludePaths: patternListSchema.nullish(),
  maxDiscoveryDepth: z.number().int().min(0).max(MAX_DEPTH).nullish(),
  /** `skip`: links only; `include` (default): sitemaps and links; `only`: the start page and the sitemaps' URLs. */
  sitemap: z.enum(['skip', 'include', 'only']).optional(),
  ignoreQueryParameters: z.boolean().optional(),
  limit: z.number().int().positive().max(MAX_CRAWL_LIMIT).nullish(),
  crawlEntireDomain: z.boolean().optional(),
  allowExternalLinks: z.boolean().optional(),
  allowSubdomains: z.boolean().optional(),
  regexOnFullURL: z.boolean().optional(),
};

/** `POST /v2/crawl`, as the 4.x SDK's startCrawl sends it. */
export const v2CrawlBodySchema = z
  .strictObject({
    url: targetUrlSchema,
    prompt: z.string().trim().min(1).max(MAX_PROMPT_CHARS).nullish(),
    ...v2CrawlRulesShape,
    /** Always on: the frontier dedupes on normalised URLs. */
    deduplicateSimilarURLs: z.boolean().optional(),
    ignoreRobotsTxt: z.boolean().optional(),
    /** Seconds between requests to one host. */
    delay: z.number().min(0).max(MAX_CRAWL_DELAY_S).nullish(),
    maxConcurrency: z.number().int().positive().max(MAX_CONCURRENCY).nullish(),
    webhook: webhookSpecSchema.nullish(),
    scrapeOptions: v2ScrapeOptionsSchema.nullish(),
    ...hostedOnlyFields,
    /** Obey robots.txt's group for this user-agent token instead of Trawl's. */
    robotsUserAgent: z.string().trim().min(1).max(200).nullish(),
    ...unusedFields('notifyOnCompletion'),
  })
  .superRefine((body, ctx) => {
    refineRegexList(body.includePaths ?? undefined, 'includePaths', ctx);
    refineRegexList(body.excludePaths ?? undefined, 'excludePaths', ctx);
  });
export type V2CrawlBody = z.output<typeof v2CrawlBodySchema>;

/** `POST /v2/crawl/params-preview`. */
export const v2CrawlPreviewBodySchema = z.strictObject({
  url: targetUrlSchema,
  prompt: z.string().trim().min(1).max(MAX_PROMPT_CHARS),
  ...hostedOnlyFields,
});

/** The v2 body's crawl rules in core's vocabulary. */
export function v2CrawlRules(body: V2CrawlBody): CrawlOptionsInput {
  const sitemap = body.sitemap ?? 'include';
  // `only`: no link is followed, so the crawl reads the start page and the sitemap's URLs (both at discovery depth 0).
  const maxDiscoveryDepth = sitemap === 'only' ? 0 : body.maxDiscoveryDepth;
  return {
    limit: body.limit ?? 10_000,
    ...(maxDiscoveryDepth == null ? {} : { maxDiscoveryDepth }),
    ...(body.includePaths?.length ? { includePaths: body.includePaths } : {}),
    ...(body.excludePaths?.length ? { excludePaths: body.excludePaths } : {}),
    regexOnFullURL: body.regexOnFullURL ?? false,
    allowBackwardCrawling: body.crawlEntireDomain ?? false,
    allowExternalContentLinks: body.allowExternalLinks ?? false,
    allowSubdomains: body.allowSubdomains ?? false,
    ignoreSitemap: sitemap === 'skip',
    ignoreQueryParameters: body.ignoreQueryParameters ?? false,
    ignoreRobots: body.ignoreRobotsTxt ?? false,
    ...(body.robotsUserAgent ? { robotsUserAgent: body.robotsUserAgent } : {}),
    ...(body.delay == null ? {} : { delay: body.delay }),
    ...(body.maxConcurrency == null ? {} : { maxConcurrency: body.maxConcurrency }),
  };
}

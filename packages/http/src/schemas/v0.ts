/**
 * v0 bodies. v0 was never strict: unknown keys are dropped, so old clients that send fields
 * this server does not know keep working. Types of known fields are still checked.
 */
import { MAX_CRAWL_LIMIT, MAX_DEPTH, MAX_TIMEOUT_MS, MAX_WAIT_MS, requestHeadersSchema } from '@trawl/core/server';
import { z } from 'zod';
import { clientFields, patternListSchema, targetUrlSchema } from './shared.js';

export const v0PageOptionsSchema = z.object({
  headers: requestHeadersSchema.optional(),
  includeHtml: z.boolean().default(false),
  includeRawHtml: z.boolean().default(false),
  onlyIncludeTags: z.array(z.string()).optional(),
  onlyMainContent: z.boolean().default(false),
  removeTags: z.array(z.string()).optional(),
  /** Links and images always come out absolute, so this is on whatever it says. */
  replaceAllPathsWithAbsolutePaths: z.boolean().default(false),
  screenshot: z.boolean().default(false),
  fullPageScreenshot: z.boolean().default(false),
  waitFor: z.number().int().min(0).max(MAX_WAIT_MS).default(0),
});
export type V0PageOptions = z.output<typeof v0PageOptionsSchema>;

export const v0CrawlerOptionsSchema = z.object({
  includes: patternListSchema.optional(),
  excludes: patternListSchema.optional(),
  /** A vision model writes the missing alt text of Markdown images (needs an LLM provider). */
  generateImgAltText: z.boolean().default(false),
  returnOnlyUrls: z.boolean().default(false),
  maxDepth: z.number().int().min(0).max(MAX_DEPTH).optional(),
  mode: z.string().default('default'),
  ignoreSitemap: z.boolean().default(false),
  limit: z.number().int().positive().max(MAX_CRAWL_LIMIT).default(10_000),
  allowBackwardCrawling: z.boolean().default(false),
  allowExternalContentLinks: z.boolean().default(false),
});
export type V0CrawlerOptions = z.output<typeof v0CrawlerOptionsSchema>;

export const v0ExtractorOptionsSchema = z
  .object({
    mode: z.enum(['markdown', 'llm-extraction', 'llm-extraction-from-markdown', 'llm-extraction-from-raw-html']).default('markdown'),
    extractionSchema: z.unknown().optional(),
    extractionPrompt: z.string().optional(),
    userPrompt: z.string().optional(),
  })
  .refine((options) => options.mode === 'markdown' || (typeof options.extractionSchema === 'object' && options.extractionSchema !== null), {
    message: 'extractorOptions.extractionSchema must be an object if llm-extraction mode is specified',
    path: ['extractionSchema'],
  });
export type V0ExtractorOptions = z.output<typeof v0ExtractorOptionsSchema>;

/** `POST /v0/scrape` (E16). */
export const v0ScrapeBodySchema = z.object({
  url: targetUrlSchema,
  pageOptions: v0PageOptionsSchema.default(v0PageOptionsSchema.parse({})),
  extractorOptions: v0ExtractorOptionsSchema.optional(),
  timeout: z.number().int().positive().max(MAX_TIMEOUT_MS).default(30_000),
  ...clientFields,
});

/** `POST /v0/crawl` (E13). */
export const v0CrawlBodySchema = z.object({
  url: targetUrlSchema,
  crawlerOptions: v0CrawlerOptionsSchema.default(v0CrawlerOptionsSchema.parse({})),
  pageOptions: v0PageOptionsSchema.default(v0PageOptionsSchema.parse({})),
  ...clientFields,
});

/** `POST /v0/search` (E17, beta). */
export const v0SearchBodySchema = z.object({
  query: z.string().trim().min(1),
  pageOptions: z
    .object({
      onlyMainContent: z.boolean().default(false),
      fetchPageContent: z.boolean().default(true),
      includeHtml: z.boolean().default(false),
      includeRawHtml: z.boolean().default(false),
    })
    .default({ onlyMainContent: false, fetchPageContent: true, includeHtml: false, includeRawHtml: false }),
  searchOptions: z
    .object({
      limit: z.number().int().min(1).max(10).optional(),
      tbs: z.string().optional(),
      lang: z.string().optional(),
      country: z.string().optional(),
      location: z.string().optional(),
    })
    .optional(),
  ...clientFields,
});

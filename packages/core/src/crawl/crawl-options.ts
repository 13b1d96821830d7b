import { z } from 'zod';
import { invalidOptions } from '../options-error.js';
import { MAX_CONCURRENCY, MAX_CRAWL_DELAY_S, MAX_CRAWL_LIMIT, MAX_DEPTH, MAX_PATTERNS, MAX_RETRIES } from '../limits.js';
import type { ScrapeOptionsInput } from '../options.js';
import { splitRuntime, type Runtime, type WithRuntime } from '../runtime/runtime.js';

/**
 * Options of crawl(): the union of Firecrawl's v0 crawlerOptions and the v1 crawl options the
 * official clients send. Depth has two meanings, both available:
 * - `maxDiscoveryDepth`: link hops from the start page (what Crawlee, Scrapy and crawl4ai call depth);
 * - `maxDepth`: path segments of the URL, Firecrawl's meaning (`/a/b` has depth 2).
 */
export const crawlOptionsSchema = z.object({
  /** Pages to scrape at most, the start page included (default 10,000). */
  limit: z.number().int().positive().max(MAX_CRAWL_LIMIT).default(10_000),
  /** Path segments a URL may have, Firecrawl's depth: `/a/b` has 2 (sitemap URLs get this plus the start URL's). */
  maxDepth: z.number().int().min(0).max(MAX_DEPTH).optional(),
  /** Link hops from the start page; the start page and sitemap URLs are at 0 (`trawl crawl --max-depth`). */
  maxDiscoveryDepth: z.number().int().min(0).max(MAX_DEPTH).optional(),
  /** v0: glob patterns on the path (see url/glob.ts). */
  includes: z.array(z.string()).max(MAX_PATTERNS).optional(),
  /** v0: glob patterns on the path of pages never to crawl. */
  excludes: z.array(z.string()).max(MAX_PATTERNS).optional(),
  /** v1: regular expressions (RE2 syntax) on the path, or on the whole URL with `regexOnFullURL`. */
  includePaths: z.array(z.string()).max(MAX_PATTERNS).optional(),
  /** v1: regular expressions of paths never to crawl (on the whole URL with `regexOnFullURL`). */
  excludePaths: z.array(z.string()).max(MAX_PATTERNS).optional(),
  /** Match includePaths and excludePaths against the whole URL instead of the path (default false). */
  regexOnFullURL: z.boolean().default(false),
  /** Also crawl pages outside the start URL's path (v1 `crawlEntireDomain`). */
  allowBackwardCrawling: z.boolean().default(false),
  /** Also crawl links to other sites (default false). */
  allowExternalContentLinks: z.boolean().default(false),
  /** Also crawl subdomains of the start URL's host (default false). */
  allowSubdomains: z.boolean().default(false),
  /** Do not read sitemaps: find pages by following links only (default false). */
  ignoreSitemap: z.boolean().default(false),
  /** Treat URLs that differ only in their query string as one page (default false). */
  ignoreQueryParameters: z.boolean().default(false),
  /** Do not read robots.txt: every URL is allowed, no Crawl-delay (default false; be considerate). */
  ignoreRobots: z.boolean().default(false),
  /** The robots.txt group to obey, by user-agent token (v2 `robotsUserAgent`; default the runtime's). */
  robotsUserAgent: z.string().trim().min(1).max(200).optional(),
  /** v0: documents carry only their URL and metadata, no content. */
  returnOnlyUrls: z.boolean().default(false),
  /** Seconds between two requests to one host (robots.txt Crawl-delay wins when larger). */
  delay: z.number().min(0).max(MAX_CRAWL_DELAY_S).optional(),
  /** Pages fetched at once (default 10). */
  maxConcurrency: z.number().int().positive().max(MAX_CONCURRENCY).default(10),
  /** Pages fetched at once from one host (default 4). */
  perHostConcurrency: z.number().int().positive().max(MAX_CONCURRENCY).default(4),
  /** Retries of a page after a transient failure (network, 5xx, 429, timeout). */
  maxRetries: z.number().int().min(0).max(MAX_RETRIES).default(2),
});

export type CrawlOptionsInput = z.input<typeof crawlOptionsSchema>;
export type ResolvedCrawlOptions = z.output<typeof crawlOptionsSchema>;

/** What a job started from the library is, besides its crawl rules: its identity, page options and cancellation. */
export interface JobOptions {
  /** Keep documents in the store's result log (default: true when the runtime has a store). */
  retainDocuments?: boolean;
  jobId?: string;
  teamId?: string;
  /** Options of every page scrape (formats, onlyMainContent, headers, timeout…). */
  scrapeOptions?: ScrapeOptionsInput;
  /** Cancels the job like `cancel()`. */
  signal?: AbortSignal;
}

/**
 * Options of crawl(): the rules, the job's own options and what it runs with (a Runtime, or its
 * settings inline: `store`, `ssrf`, `browser`…). Without a store the job's state lives in a
 * private in-memory store that keeps no documents.
 */
export type CrawlOptions = WithRuntime<CrawlOptionsInput & JobOptions>;

export function resolveCrawlOptions(input: CrawlOptionsInput): ResolvedCrawlOptions {
  const parsed = crawlOptionsSchema.safeParse(input);
  if (!parsed.success) throw invalidOptions('crawl', parsed.error);
  return parsed.data;
}

/** Splits user options into the crawl rules, the job's own options and the runtime. */
export function splitCrawlOptions(options: CrawlOptions): { rules: ResolvedCrawlOptions; job: JobOptions; runtime: Runtime } {
  const { runtime, rest } = splitRuntime(options);
  const { retainDocuments, jobId, scrapeOptions, signal, ...rules } = rest;
  // The team is the runtime's (the one whose pages these are) and the job's owner.
  return { rules: resolveCrawlOptions(rules), job: { retainDocuments, jobId, teamId: runtime.teamId, scrapeOptions, signal }, runtime };
}

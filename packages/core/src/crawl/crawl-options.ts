import { z } from 'zod';
import { invalidOptions } from '../options-error.js';
import { MAX_CONCURRENCY, MAX_CRAWL_DELAY_S, MAX_CRAWL_LIMIT, MAX_DEPTH, MAX_PATTERNS, MAX_RETRIES } from '../limits.js';
import type { ScrapeOptionsInput } from '../options.js';
import type { Store } from '../ports/store.js';
import type { Browser, EngineChoice } from '../ports/browser.js';
import type { LlmProvider } from '../ports/llm.js';
import type { ConvertPool } from '../convert/convert-pool.js';
import type { SsrfPolicy } from '../url/ssrf.js';

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

/** What every job runner takes besides the crawl rules: where state lives and how to fetch. */
export interface JobRuntimeOptions {
  /** Where the job's state lives. Default: a private in-memory store that keeps no documents. */
  store?: Store;
  /** Keep documents in the store's result log (default: true when a store was given). */
  retainDocuments?: boolean;
  jobId?: string;
  teamId?: string;
  /** Retention of the job record and results (default 24 h). */
  retentionMs?: number;
  /** Options of every page scrape (formats, onlyMainContent, headers, timeout…). */
  scrapeOptions?: ScrapeOptionsInput;
  /** The SSRF guard, as scrape()'s `ssrf`: off by default (private addresses are fetched); `true` or a policy refuses them. */
  ssrf?: SsrfPolicy | boolean;
  userAgent?: string;
  /** The product token matched against robots.txt groups (default "TrawlBot"). */
  robotsUserAgent?: string;
  /** Cancels the job like `cancel()`. */
  signal?: AbortSignal;
  /** Which engine loads each page (default `auto`), and the browser it may use; the caller closes it. */
  engine?: EngineChoice;
  browser?: Browser;
  /** The model behind the `json` format and image alt text; the caller owns it. */
  llm?: LlmProvider;
  /** Where pages are converted (default: the process's shared pool of threads; false: this thread). */
  convertPool?: ConvertPool | false;
}

export type CrawlOptions = CrawlOptionsInput & JobRuntimeOptions;

export function resolveCrawlOptions(input: CrawlOptionsInput): ResolvedCrawlOptions {
  const parsed = crawlOptionsSchema.safeParse(input);
  if (!parsed.success) throw invalidOptions('crawl', parsed.error);
  return parsed.data;
}

/** Splits user options into the crawl rules and the runtime settings. */
export function splitCrawlOptions(options: CrawlOptions): { rules: ResolvedCrawlOptions; runtime: JobRuntimeOptions } {
  const {
    store,
    retainDocuments,
    jobId,
    teamId,
    retentionMs,
    scrapeOptions,
    ssrf,
    userAgent,
    robotsUserAgent,
    signal,
    engine,
    browser,
    llm,
    convertPool,
    ...rules
  } = options;
  return {
    rules: resolveCrawlOptions(rules),
    runtime: {
      store,
      retainDocuments,
      jobId,
      teamId,
      retentionMs,
      scrapeOptions,
      ssrf,
      userAgent,
      robotsUserAgent,
      signal,
      engine,
      browser,
      llm,
      convertPool,
    },
  };
}

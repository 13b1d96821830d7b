/**
 * Pure mappers between the search endpoints' bodies (v1 E6, v0 E17) and `searchAndScrape`.
 * The http package validates the bodies; these apply the contract's defaults and shape replies.
 */
import { TrawlError } from '../errors.js';
import type { Format, ScrapeOptionsInput } from '../options.js';
import { DEFAULT_SEARCH_LIMIT, DEFAULT_SEARCH_TIMEOUT_MS, type SearchAndScrapeOptions } from './search-and-scrape.js';
import { NO_RESULTS_WARNING, type SearchOutcome, type SearchResultItem } from './search-results.js';

export const V1_SEARCH_MAX_LIMIT = 10;

export interface V1SearchRequest {
  query: string;
  limit?: number;
  tbs?: string;
  lang?: string;
  country?: string;
  location?: string;
  timeout?: number;
  scrapeOptions?: ScrapeOptionsInput;
}

export interface SearchCall {
  query: string;
  options: SearchAndScrapeOptions;
}

/** E6 defaults: limit 5 (1 to 10), lang `en`, country `us`, timeout 60 s; scraping only when markdown is asked for. */
export function v1SearchCall(body: V1SearchRequest): SearchCall {
  const limit = body.limit ?? DEFAULT_SEARCH_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > V1_SEARCH_MAX_LIMIT) {
    throw new TrawlError('INVALID_OPTIONS', `limit must be an integer from 1 to ${V1_SEARCH_MAX_LIMIT}`);
  }
  const scrapeOptions = body.scrapeOptions?.formats?.includes('markdown') ? body.scrapeOptions : undefined;
  return {
    query: body.query,
    options: {
      limit,
      lang: body.lang ?? 'en',
      country: body.country ?? 'us',
      timeout: body.timeout ?? DEFAULT_SEARCH_TIMEOUT_MS,
      ...(body.tbs ? { tbs: body.tbs } : {}),
      ...(body.location ? { location: body.location } : {}),
      ...(scrapeOptions ? { scrapeOptions } : {}),
    },
  };
}

/** An element of E6's `data`: the search fields, and the scraped formats with metadata when scraped. */
export type V1SearchItem = SearchResultItem;

export interface V1SearchResponse {
  success: true;
  data: V1SearchItem[];
  warning?: string;
}

export function v1SearchResponse(outcome: SearchOutcome): V1SearchResponse {
  return { success: true, data: outcome.data, ...(outcome.warning ? { warning: outcome.warning } : {}) };
}

export interface V0SearchRequest {
  query: string;
  pageOptions?: {
    onlyMainContent?: boolean;
    fetchPageContent?: boolean;
    includeHtml?: boolean;
    includeRawHtml?: boolean;
  };
  searchOptions?: {
    limit?: number;
    tbs?: string;
    lang?: string;
    country?: string;
    location?: string;
  };
  timeout?: number;
}

/** E17 defaults: fetchPageContent true, onlyMainContent false, limit 5 (at most 10, as Firecrawl caps it). */
export function v0SearchCall(body: V0SearchRequest): SearchCall {
  const page = body.pageOptions ?? {};
  const search = body.searchOptions ?? {};
  const asked = search.limit ?? DEFAULT_SEARCH_LIMIT;
  if (!Number.isInteger(asked) || asked < 1) throw new TrawlError('INVALID_OPTIONS', 'searchOptions.limit must be a positive integer');
  const formats: Format[] = [
    'markdown',
    ...(page.includeHtml ? (['html'] as const) : []),
    ...(page.includeRawHtml ? (['rawHtml'] as const) : []),
  ];
  return {
    query: body.query,
    options: {
      limit: Math.min(asked, V1_SEARCH_MAX_LIMIT),
      timeout: body.timeout ?? DEFAULT_SEARCH_TIMEOUT_MS,
      ...(search.lang ? { lang: search.lang } : {}),
      ...(search.country ? { country: search.country } : {}),
      ...(search.tbs ? { tbs: search.tbs } : {}),
      ...(search.location ? { location: search.location } : {}),
      ...(page.fetchPageContent === false ? {} : { scrapeOptions: { formats, onlyMainContent: page.onlyMainContent ?? false } }),
    },
  };
}

/** An element of E17's `data`: `{url, markdown, content, metadata}`, or `{url, title, description}` without page content. */
export type V0SearchItem =
  | { url: string; title: string; description: string }
  | { url: string; markdown: string; content: string; html?: string; rawHtml?: string; metadata: Record<string, unknown> };

export interface V0SearchResponse {
  success: true;
  data: V0SearchItem[];
  /** Firecrawl's v0 says "No search results found" here when nothing came back. */
  error?: string;
}

export function v0SearchResponse(outcome: SearchOutcome): V0SearchResponse {
  const data = outcome.data.map(toV0Item);
  return data.length ? { success: true, data } : { success: true, data, error: NO_RESULTS_WARNING };
}

function toV0Item(item: SearchResultItem): V0SearchItem {
  if (!item.metadata) return { url: item.url, title: item.title, description: item.description };
  const { statusCode, error, ...metadata } = item.metadata;
  const markdown = item.markdown ?? '';
  return {
    url: item.url,
    markdown,
    content: markdown,
    ...(item.html === undefined ? {} : { html: item.html }),
    ...(item.rawHtml === undefined ? {} : { rawHtml: item.rawHtml }),
    metadata: {
      ...metadata,
      title: metadata.title ?? item.title,
      description: metadata.description ?? item.description,
      pageStatusCode: statusCode,
      ...(error ? { pageError: error } : {}),
    },
  };
}

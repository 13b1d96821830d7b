import type { PageMemoryOptions } from '../memory/through-memory.js';
import type { Document } from '../document.js';
import { TrawlError, isTrawlError } from '../errors.js';
import { MAX_CONCURRENCY, MAX_TIMEOUT_MS } from '../limits.js';
import { resolveScrapeOptions, type ScrapeOptionsInput } from '../options.js';
import { splitRuntime, withoutStore, type Runtime, type WithRuntime } from '../runtime/runtime.js';
import type { SearchHit, SearchProvider } from '../ports/search.js';
import { mapConcurrently } from '../llm/concurrent.js';
import { scrape } from '../scrape.js';
import {
  coversFormats,
  failedResult,
  hitOnly,
  scrapedResult,
  searchWarning,
  usableHits,
  type SearchOutcome,
  type SearchResultItem,
} from './search-results.js';

/** A search and its scrapes, and what they run with (a Runtime, or its settings inline). */
export type SearchAndScrapeOptions = WithRuntime<SearchRequest>;

interface SearchRequest {
  /** Results wanted (default 5). */
  limit?: number;
  lang?: string;
  country?: string;
  location?: string;
  /** Time range, Google `tbs` syntax (`qdr:d`, `qdr:w`, `cdr:1,cd_min:…,cd_max:…`). */
  tbs?: string;
  /** Milliseconds for the whole search, scrapes included (default 60000); then "Request timed out". */
  timeout?: number;
  /** The hits are scraped, all at once, when `formats` includes `markdown` (as the API contract says). */
  scrapeOptions?: ScrapeOptionsInput;
  /** Scrapes in flight at once (default 10). */
  concurrency?: number;
  signal?: AbortSignal;
  /** Sees every page scraped here, e.g. to add it to a local index. */
  onDocument?: (document: Document) => void;
  /**
   * The page memory the hits' scrapes go through (a team, maxAge…, changeTracking; docs/change-tracking.md), in the
   * runtime's store: with changeTracking, each hit is scraped and compared with its last scrape, as a batch page is.
   * Without it the hits' scrapes skip the page memory.
   */
  memory?: PageMemoryOptions;
}

export const DEFAULT_SEARCH_LIMIT = 5;
export const DEFAULT_SEARCH_TIMEOUT_MS = 60_000;
export const SEARCH_TIMEOUT_MESSAGE = 'Request timed out';

/**
 * Asks the provider for hits and, when markdown is requested, scrapes each hit concurrently.
 * A hit that fails to scrape keeps its search fields with `metadata.statusCode`/`metadata.error`;
 * past `timeout` the whole search fails with SCRAPE_TIMEOUT "Request timed out".
 */
export async function searchAndScrape(
  provider: SearchProvider,
  query: string,
  searchOptions: SearchAndScrapeOptions = {},
): Promise<SearchOutcome> {
  const { runtime, rest: options } = splitRuntime(searchOptions);
  const {
    limit = DEFAULT_SEARCH_LIMIT,
    timeout = DEFAULT_SEARCH_TIMEOUT_MS,
    scrapeOptions,
    concurrency = 10,
    signal: callerSignal,
    onDocument,
    lang,
    country,
    location,
    tbs,
    memory,
  } = options;
  const pageRuntime: Runtime = memory ? runtime : withoutStore(runtime);
  if (!query.trim()) throw new TrawlError('INVALID_OPTIONS', 'A search query is required');
  requirePositiveInteger('limit', limit);
  requirePositiveInteger('timeout', timeout, MAX_TIMEOUT_MS);
  requirePositiveInteger('concurrency', concurrency, MAX_CONCURRENCY);
  const formats = scrapeOptions?.formats ?? [];
  const scraping = formats.includes('markdown');
  if (scraping) resolveScrapeOptions(scrapeOptions);

  const deadline = AbortSignal.timeout(timeout);
  const signal = callerSignal ? AbortSignal.any([callerSignal, deadline]) : deadline;
  try {
    const found = await untilAborted(
      provider.search(query.trim(), { limit, lang, country, location, tbs, timeoutMs: timeout, signal }),
      signal,
    );
    const hits = usableHits(found, limit);
    const data = scraping
      ? await mapConcurrently(hits, concurrency, (hit) =>
          scrapeHit(hit, { ...scrapeOptions, ...memory, formats, runtime: pageRuntime, signal }, onDocument),
        )
      : hits.map(hitOnly);
    signal.throwIfAborted();
    const warning = searchWarning(limit, data, scraping);
    return warning ? { data, warning } : { data };
  } catch (error) {
    if (deadline.aborted) {
      throw new TrawlError('SCRAPE_TIMEOUT', SEARCH_TIMEOUT_MESSAGE, { status: 408, cause: error });
    }
    if (callerSignal?.aborted) throw new TrawlError('SCRAPE_ABORTED', 'The search was cancelled', { cause: error });
    if (isTrawlError(error)) throw error;
    const name = provider.name ?? 'search provider';
    throw new TrawlError('SEARCH_PROVIDER_ERROR', `The ${name} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}

async function scrapeHit(
  hit: SearchHit,
  options: ScrapeOptionsInput &
    PageMemoryOptions & { runtime: Runtime; signal: AbortSignal; formats: NonNullable<ScrapeOptionsInput['formats']> },
  onDocument: ((document: Document) => void) | undefined,
): Promise<SearchResultItem> {
  // A page the provider already read serves, unless it is to be compared with its last scrape.
  if (!options.changeTracking && coversFormats(hit.document, options.formats)) return scrapedResult(hit, hit.document);
  try {
    const document = await scrape(hit.url, options);
    onDocument?.(document);
    return scrapedResult(hit, document);
  } catch (error) {
    // Past the deadline, the search as a whole has failed; one page failing is only that page's.
    if (options.signal.aborted) throw error;
    return failedResult(hit, error);
  }
}

/** A provider that ignores its signal still cannot hold the search past the deadline. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function requirePositiveInteger(name: string, value: number, max = Number.MAX_SAFE_INTEGER): void {
  if (!Number.isInteger(value) || value < 1 || value > max)
    throw new TrawlError('INVALID_OPTIONS', `search ${name} must be a whole number from 1 to ${max}`);
}

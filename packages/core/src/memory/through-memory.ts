import type { Document } from '../document.js';
import { TrawlError } from '../errors.js';
import type { ResolvedScrapeOptions } from '../options.js';
import type { Store } from '../ports/store.js';
import type { ChangeTrackingOptions } from './options.js';
import { cachedDocument, rememberDocument, trackChanges, type PageMemoryRequest, type TrackingContext } from './page-memory.js';

/** The page-memory options of `scrape()` (library): Firecrawl's fields; the runtime's Store remembers (needed by `changeTracking`, `minAge` and the cache). */
export interface PageMemoryOptions {
  /** Whose memory (default `local`). */
  teamId?: string;
  /** Serve a cached copy at most this old (ms); default 0: fetch. */
  maxAge?: number;
  /** Answer from the cache only, with a copy at least this old (ms). */
  minAge?: number;
  /** Keep this scrape as the cached copy (default true when a store is given). */
  storeInCache?: boolean;
  /** Keep nothing of this scrape. */
  zeroDataRetention?: boolean;
  /** Answer from the page memory only, never loading the page; no copy kept: SCRAPE_LOCKDOWN_MISS. */
  lockdown?: boolean;
  /** Compare with the previous scrape of the page (`true`: status only). */
  changeTracking?: ChangeTrackingOptions | true;
  /** Retention: snapshots kept per team and the largest kept (see the settings pageMemoryPages, pageMemoryMaxBytes). */
  pageMemory?: { keep?: number; maxBytes?: number; now?: () => number };
}

/** The request part of the options, `changeTracking: true` read as `{}`. */
export function memoryRequestOf(options: PageMemoryOptions): PageMemoryRequest {
  const { maxAge, minAge, storeInCache, zeroDataRetention, lockdown, changeTracking } = options;
  return {
    ...(maxAge === undefined ? {} : { maxAge }),
    ...(minAge === undefined ? {} : { minAge }),
    ...(storeInCache === undefined ? {} : { storeInCache }),
    ...(zeroDataRetention === undefined ? {} : { zeroDataRetention }),
    ...(lockdown ? { lockdown } : {}),
    ...(changeTracking ? { changeTracking: changeTracking === true ? {} : changeTracking } : {}),
  };
}

/** What core converts when change tracking runs: Markdown (compared) and the raw HTML (its JSON-LD). */
export function trackingConversion(options: ResolvedScrapeOptions, request: PageMemoryRequest): ResolvedScrapeOptions {
  if (!request.changeTracking) return options;
  const formats = [...new Set([...options.formats, 'markdown' as const, 'rawHtml' as const])];
  return { ...options, formats };
}

/**
 * One scrape through the page memory: a cached copy when the request allows one, else `fetch`
 * (given the options to convert with), then change tracking and the cache write. Without a
 * store, `changeTracking` and `minAge` are INVALID_OPTIONS; the rest fetches as usual.
 */
export async function throughPageMemory(
  url: string,
  options: ResolvedScrapeOptions,
  memory: (TrackingContext & { store?: Pick<Store, 'pages'> }) | undefined,
  request: PageMemoryRequest,
  fetch: (conversion: ResolvedScrapeOptions) => Promise<Document>,
): Promise<Document> {
  const ctx = memory?.store ? (memory as TrackingContext) : undefined;
  if (!ctx) {
    if (request.changeTracking || request.minAge !== undefined || request.lockdown) {
      throw new TrawlError('INVALID_OPTIONS', 'changeTracking, minAge and lockdown need a store to remember pages in (the `store` option)');
    }
    return fetch(options);
  }
  const cached = await cachedDocument(ctx, url, options, request);
  if (cached) return cached;
  let document = await fetch(trackingConversion(options, request));
  if (request.changeTracking) document = await withChangeTracking(ctx, url, document, options, request);
  return rememberDocument(ctx, url, options, request, document);
}

/**
 * A fresh document compared with the team's history of the page: with `changeTracking`, and
 * without the Markdown and raw HTML that only the comparison asked for (trackingConversion).
 */
export async function withChangeTracking(
  ctx: TrackingContext,
  url: string,
  document: Document,
  options: ResolvedScrapeOptions,
  request: PageMemoryRequest,
): Promise<Document> {
  const changeTracking = await trackChanges(
    ctx,
    {
      url,
      statusCode: document.metadata.statusCode,
      markdown: document.markdown ?? '',
      ...(document.rawHtml === undefined ? {} : { rawHtml: document.rawHtml }),
    },
    request,
  );
  const { markdown, rawHtml, ...rest } = document;
  return {
    ...rest,
    ...(options.formats.includes('markdown') && markdown !== undefined ? { markdown } : {}),
    ...(options.formats.includes('rawHtml') && rawHtml !== undefined ? { rawHtml } : {}),
    changeTracking,
  };
}

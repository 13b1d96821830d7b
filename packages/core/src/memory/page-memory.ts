/**
 * The scrape cache and change tracking over the Store's page memory: what a scrape reads before
 * fetching (a cached copy) and writes after (the copy, the tracked text). scrape(), batch and
 * crawl pages and monitor checks all go through these two steps.
 */
import type { Document } from '../document.js';
import { TrawlError } from '../errors.js';
import { extractFromText, finishAnswer } from '../llm/extract-from-text.js';
import type { ResolvedScrapeOptions } from '../options.js';
import type { LlmProvider } from '../ports/llm.js';
import type { PageSnapshot, Store } from '../ports/store.js';
import { DEFAULT_PAGE_MEMORY_MAX_BYTES, DEFAULT_PAGE_MEMORY_PAGES } from '../settings/defaults.js';
import { type ChangeTrackingResult, fieldChanges, gitDiff, isRemovedStatus, textChanged } from './change-status.js';
import { cacheKey, trackingKey } from './keys.js';
import { contentHash, digest } from './noise.js';
import type { ChangeTrackingOptions } from './options.js';
import { trackedText } from './structured-data.js';

/** Where and for whom pages are remembered. */
export interface PageMemoryContext {
  store: Pick<Store, 'pages'>;
  /** Whose memory (default `local`, the open server's team). */
  teamId?: string;
  /** Snapshots kept per team (default 10,000). */
  keep?: number;
  /** The largest snapshot kept, in bytes of JSON (default 2 MiB). */
  maxBytes?: number;
  now?: () => number;
}

/** What one request asks of the memory (Firecrawl's fields). */
export interface PageMemoryRequest {
  /** Serve a cached copy at most this old (ms); 0 or absent: fetch. */
  maxAge?: number;
  /** Answer from the cache only, with a copy at least this old. */
  minAge?: number;
  /** Keep this scrape as the cached copy (default true). */
  storeInCache?: boolean;
  /** Keep nothing of this request. */
  zeroDataRetention?: boolean;
  /** Answer from the memory only, with the kept copy of any age; never load the page (v2's `lockdown`). */
  lockdown?: boolean;
  changeTracking?: ChangeTrackingOptions;
  /** `hidden`: the page was not reached this time, only remembered from an earlier crawl (default `visible`). */
  visibility?: ChangeTrackingResult['visibility'];
}

export const teamOf = (ctx: PageMemoryContext) => ctx.teamId ?? 'local';
export const nowOf = (ctx: PageMemoryContext) => (ctx.now ?? Date.now)();

/** Whether the request reads the cache at all. */
export function readsCache(request: PageMemoryRequest): boolean {
  if (request.lockdown) return true;
  return !request.changeTracking && (request.minAge !== undefined || (request.maxAge ?? 0) > 0);
}

/** A cached copy: the document, and the links a crawl follows from the page when a crawl kept it. */
export interface CachedCopy {
  document: Document;
  /** The page's links as a crawl discovers them (absent when a scrape or batch kept the copy). */
  links?: string[];
}

/** Where a cached copy keeps a crawl's links, beside the document's own fields (never handed out). */
type StoredCopy = Document & { crawlLinks?: string[] };

/**
 * The cached copy the request may be answered with, marked `cacheState: "hit"`, or null. A
 * change-tracking request never reads the cache: it compares what the page says now. With
 * `minAge`, no copy old enough (or, when `needsLinks`, none with a crawl's links) is SCRAPE_NO_CACHED_DATA.
 * With `lockdown`, a copy of any age answers (the request must never reach the site) and none is
 * SCRAPE_LOCKDOWN_MISS.
 */
export async function cachedCopy(
  ctx: PageMemoryContext,
  url: string,
  options: ResolvedScrapeOptions,
  request: PageMemoryRequest,
  needsLinks = false,
): Promise<CachedCopy | null> {
  if (!readsCache(request)) return null;
  const snapshot = await ctx.store.pages.recall(teamOf(ctx), cacheKey(url, options));
  const age = snapshot ? nowOf(ctx) - snapshot.scrapedAt : Number.POSITIVE_INFINITY;
  const fresh = request.lockdown || (request.maxAge === undefined ? request.minAge !== undefined : age <= request.maxAge);
  const oldEnough = request.minAge === undefined || age >= request.minAge;
  const stored = snapshot?.document as StoredCopy | undefined;
  if (stored && fresh && oldEnough && (!needsLinks || stored.crawlLinks)) {
    const { crawlLinks, ...document } = stored;
    const cachedAt = new Date(snapshot!.scrapedAt).toISOString();
    return {
      document: { ...document, metadata: { ...document.metadata, cacheState: 'hit', cachedAt } },
      ...(crawlLinks ? { links: crawlLinks } : {}),
    };
  }
  if (request.lockdown) {
    throw new TrawlError(
      'SCRAPE_LOCKDOWN_MISS',
      `No copy of ${url} for these formats is kept in the page memory, and lockdown answers from it only (the page is never loaded)`,
    );
  }
  if (request.minAge !== undefined) {
    throw new TrawlError(
      'SCRAPE_NO_CACHED_DATA',
      `No cached copy of ${url} at least ${request.minAge} ms old is kept (minAge answers from the cache only)`,
    );
  }
  return null;
}

/** The cached document the request may be answered with (see cachedCopy), or null. */
export async function cachedDocument(
  ctx: PageMemoryContext,
  url: string,
  options: ResolvedScrapeOptions,
  request: PageMemoryRequest,
): Promise<Document | null> {
  return (await cachedCopy(ctx, url, options, request))?.document ?? null;
}

/**
 * Keeps a fresh document as the cached copy (unless the request keeps nothing) and marks it a
 * cache miss. A crawl gives the page's `links` too, kept with the copy (inside the snapshot's
 * size bound) so that a later crawl served from it can follow them.
 */
export async function rememberDocument(
  ctx: PageMemoryContext,
  url: string,
  options: ResolvedScrapeOptions,
  request: PageMemoryRequest,
  document: Document,
  links?: readonly string[],
): Promise<Document> {
  const marked = readsCache(request) ? { ...document, metadata: { ...document.metadata, cacheState: 'miss' } } : document;
  const status = document.metadata.statusCode;
  if (request.storeInCache === false || request.zeroDataRetention || status >= 400) return marked;
  // A change-tracking scrape is kept too, as Firecrawl keeps every scrape; its comparison belongs
  // to this request (a later read of the copy compared nothing), so the copy is kept without it.
  const { changeTracking: _comparison, ...page } = document;
  const scrapedAt = nowOf(ctx);
  const markdown = document.markdown ?? '';
  await keep(ctx, {
    teamId: teamOf(ctx),
    key: cacheKey(url, options),
    url,
    scrapedAt,
    // A digest of the text as served: a cached copy is never compared, so it skips the noise rules.
    contentHash: digest(markdown),
    markdown,
    statusCode: status,
    document: links ? ({ ...page, crawlLinks: [...links] } satisfies StoredCopy) : page,
  });
  return marked;
}

/** What change tracking needs of the fresh scrape. */
export interface TrackedPage {
  url: string;
  statusCode: number;
  markdown: string;
  /** The raw HTML, for the structured data (JSON-LD) compared with the Markdown. */
  rawHtml?: string;
}

export interface TrackingContext extends PageMemoryContext {
  /** The model for `json` mode. */
  llm?: LlmProvider;
  signal?: AbortSignal;
}

/**
 * Compares the page with its last tracked scrape (same team and tag) and makes this scrape the
 * last one, unless the request keeps nothing. Noise (memory/noise.ts) does not count as a change.
 */
export async function trackChanges(ctx: TrackingContext, page: TrackedPage, request: PageMemoryRequest): Promise<ChangeTrackingResult> {
  const tracking = request.changeTracking ?? {};
  const modes = tracking.modes ?? [];
  const key = trackingKey(page.url, tracking.tag);
  const removed = isRemovedStatus(page.statusCode);
  const text = removed ? '' : trackedText(page.markdown, page.rawHtml);
  const json = modes.includes('json') && !removed ? await extractFields(ctx, page, tracking) : undefined;
  const scrapedAt = nowOf(ctx);
  const hash = await comparableHash(ctx, request, key, text, removed);
  const previous = await recallOrSwap(ctx, request, key, page, text, hash, json, scrapedAt, removed);

  const previousJson = (previous?.document as { json?: Record<string, unknown> } | undefined)?.json;
  const result: ChangeTrackingResult = {
    previousScrapeAt: previous ? new Date(previous.scrapedAt).toISOString() : null,
    changeStatus: 'new',
    visibility: request.visibility ?? 'visible',
  };
  if (removed) {
    result.changeStatus = previous ? 'removed' : 'new';
    return result;
  }
  // A page that was gone is compared with what it said before it went; one never seen with content is new.
  if (!previous || (isRemovedStatus(previous.statusCode) && previous.markdown === '')) return result;
  const fields = json && previousJson ? fieldChanges(previousJson, json) : {};
  // The stored hash stands for the previous text made comparable, so only this scrape's text is normalised.
  const textDiffers = previous.contentHash ? previous.contentHash !== hash : textChanged(previous.markdown, text);
  const changed =
    modes.length === 1 && modes[0] === 'json' ? Object.keys(fields).length > 0 : textDiffers || Object.keys(fields).length > 0;
  result.changeStatus = changed ? 'changed' : 'same';
  if (changed && modes.includes('git-diff')) {
    const diff = gitDiff(previous.markdown, text);
    if (diff) result.diff = diff;
  }
  if (changed && modes.includes('json')) result.json = fields;
  return result;
}

/**
 * The hash of `text` made comparable (noise rules, then SHA-256). Most scrapes of a watched page
 * find it as it was: when the last snapshot kept exactly this text, its hash is this text's too,
 * so the noise rules (most of change tracking's CPU on a page that did not change) are skipped.
 * That read is only a shortcut: the comparison itself is with the snapshot the swap replaces.
 */
async function comparableHash(
  ctx: PageMemoryContext,
  request: PageMemoryRequest,
  key: string,
  text: string,
  removed: boolean,
): Promise<string> {
  if (removed || request.zeroDataRetention) return contentHash(text);
  const last = await ctx.store.pages.recall(teamOf(ctx), key);
  return last?.contentHash && last.markdown === text ? last.contentHash : contentHash(text);
}

/** Makes this scrape the last tracked one (resolving the one before), or only reads it when nothing may be kept. */
async function recallOrSwap(
  ctx: PageMemoryContext,
  request: PageMemoryRequest,
  key: string,
  page: TrackedPage,
  text: string,
  hash: string,
  json: Record<string, unknown> | undefined,
  scrapedAt: number,
  removed: boolean,
): Promise<PageSnapshot | null> {
  if (request.zeroDataRetention) return ctx.store.pages.recall(teamOf(ctx), key);
  if (removed) {
    // A gone page keeps its last text, so a page that comes back is compared with what it said.
    const last = await ctx.store.pages.recall(teamOf(ctx), key);
    await keep(ctx, {
      teamId: teamOf(ctx),
      key,
      url: page.url,
      scrapedAt,
      contentHash: last?.contentHash ?? '',
      markdown: last?.markdown ?? '',
      statusCode: page.statusCode,
      ...(last?.document === undefined ? {} : { document: last.document }),
    });
    return last;
  }
  return keep(ctx, {
    teamId: teamOf(ctx),
    key,
    url: page.url,
    scrapedAt,
    contentHash: hash,
    markdown: text,
    statusCode: page.statusCode,
    ...(json ? { document: { json } } : {}),
  });
}

/** Remembers the snapshot when it is small enough; resolves the one it replaced. */
export async function keep(ctx: PageMemoryContext, snapshot: PageSnapshot): Promise<PageSnapshot | null> {
  const maxBytes = ctx.maxBytes ?? DEFAULT_PAGE_MEMORY_MAX_BYTES;
  if (Buffer.byteLength(JSON.stringify(snapshot)) > maxBytes) return ctx.store.pages.recall(snapshot.teamId, snapshot.key);
  return ctx.store.pages.remember(snapshot, { keep: ctx.keep ?? DEFAULT_PAGE_MEMORY_PAGES });
}

/** `json` mode: the fields the schema or prompt describes, extracted from the page's Markdown by the model. */
async function extractFields(ctx: TrackingContext, page: TrackedPage, tracking: ChangeTrackingOptions): Promise<Record<string, unknown>> {
  if (!ctx.llm) throw new TrawlError('SCRAPE_ADAPTER_MISSING', 'changeTracking json mode needs an LLM provider, and none is configured');
  const extraction = await extractFromText(ctx.llm, {
    content: page.markdown,
    ...(tracking.schema ? { schema: tracking.schema } : {}),
    ...(tracking.prompt ? { prompt: tracking.prompt } : {}),
    url: page.url,
    ...(ctx.signal ? { signal: ctx.signal } : {}),
  });
  const value = finishAnswer(tracking.schema, extraction.value).value;
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
}

import { z } from 'zod';
import { isTrawlError, TrawlError } from '../errors.js';
import { MAX_CONCURRENCY, MAX_TIMEOUT_MS } from '../limits.js';
import { requestHeadersSchema } from '../options.js';
import { invalidOptions } from '../options-error.js';
import type { SsrfPolicy } from '../url/ssrf.js';
import { assertAllowedTarget } from '../url/guard.js';
import { parseTypedUrl } from '../url/typed-url.js';
import { splitRuntime, type Runtime, type WithRuntime } from '../runtime/runtime.js';
import { createMemoryStore } from '../stores/memory/index.js';
import { crawl } from './crawl.js';
import { httpResourceFetcher } from './http-resource-fetcher.js';
import { rankLinks } from './rank-links.js';
import { createRobotsPolicy } from './robots.js';
import { discoverSitemapUrls } from './sitemaps.js';
import { createLinkFilter } from '../url/filters.js';
import { normalizeUrl } from '../url/normalize.js';
import type { TrapNotice } from './traps/trap-guard.js';

/** What a map asks for (the runtime's policy, user agent and dispatcher fetch its pages). */
export interface MapRequest {
  /** Keep only links relevant to this query, best first (at most 1000, as Firecrawl's alpha does). */
  search?: string;
  /** Skip sitemaps and find links by fetching pages only (default true, as the API contract says). */
  ignoreSitemap?: boolean;
  /** Return only what the sitemaps list, fetching no pages (default false). */
  sitemapOnly?: boolean;
  includeSubdomains?: boolean;
  /** Links returned at most (default 5000, v1's maximum; at most MAP_HARD_LIMIT, v2's). */
  limit?: number;
  /**
   * Milliseconds to spend at most; what was found by then is returned, with a warning (default
   * MAP_TIME_BUDGET_MS, inside the 60 s an MCP client waits for a tool).
   */
  timeout?: number;
  /** Follow and return only links under the start URL's path (extract's globs map their prefix so). */
  withinPath?: boolean;
  /** Pages fetched at once while looking for links (default 10). */
  maxConcurrency?: number;
  ignoreRobots?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export type MapOptions = WithRuntime<MapRequest>;

export const MAP_MAX_LIMIT = 5000;
/** The most links one map returns (v2 allows 100,000; pages fetched stay within MAP_MAX_LIMIT). */
export const MAP_HARD_LIMIT = 100_000;

/** A mapped URL with the title and description of its page, when the map fetched that page. */
export interface MapLink {
  url: string;
  title?: string;
  description?: string;
}
const SEARCH_MAX_RESULTS = 1000;
/** How long a map looks for links when not told (a map of a normal site finishes far sooner). */
export const MAP_TIME_BUDGET_MS = 45_000;

/** What a map found, and what the caller should know about how it was cut short. */
export interface MapResult {
  links: MapLink[];
  /** The time budget ran out, or URL patterns were skipped as crawl traps. */
  warnings: string[];
}

/** The numbers and headers a map call may carry. */
const mapBoundsSchema = z.object({
  limit: z.number().int().min(1).max(MAP_HARD_LIMIT).optional(),
  timeout: z.number().int().positive().max(MAX_TIMEOUT_MS).optional(),
  maxConcurrency: z.number().int().positive().max(MAX_CONCURRENCY).optional(),
  headers: requestHeadersSchema.optional(),
});

/**
 * Lists a site's URLs: what its sitemaps say and what breadth-first fetching of its pages finds
 * (links only, politely), until the limit or the timeout. Absolute, deduplicated URLs, the start
 * URL first. A URL without a scheme is read as `http://`, as scrape() reads it.
 */
export async function map(url: string, options: MapOptions = {}): Promise<string[]> {
  return (await mapLinks(url, options)).map((link) => link.url);
}

/** map(), with each link's page title and description where a fetched page gave them (v2's map shape). */
export async function mapLinks(url: string, mapOptions: MapOptions = {}): Promise<MapLink[]> {
  return (await mapSite(url, mapOptions)).links;
}

/** mapLinks(), with warnings saying what cut the map short (the time budget, crawl traps). */
export async function mapSite(url: string, mapOptions: MapOptions = {}): Promise<MapResult> {
  const { runtime, rest: options } = splitRuntime(mapOptions);
  const target = parseTypedUrl(url);
  const start = target.href;
  const bounds = mapBoundsSchema.safeParse({
    limit: options.limit,
    timeout: options.timeout,
    maxConcurrency: options.maxConcurrency,
    headers: options.headers,
  });
  if (!bounds.success) throw invalidOptions('map', bounds.error);
  await refuseBlockedStart(target, runtime.policy);
  const limit = options.limit ?? MAP_MAX_LIMIT;
  const collectLimit = options.search ? Math.max(limit, SEARCH_MAX_RESULTS) : limit;
  const found = new LinkSet(collectLimit);
  const controller = new AbortController();
  const timeBudget = options.timeout ?? MAP_TIME_BUDGET_MS;
  const outOfTime = AbortSignal.timeout(timeBudget);
  const signal = AbortSignal.any([controller.signal, outOfTime, ...(options.signal ? [options.signal] : [])]);
  const scope = createLinkFilter({
    startUrl: start,
    allowBackwardCrawling: !options.withinPath,
    allowSubdomains: options.includeSubdomains ?? false,
  });
  const inScope = (link: string) => scope(link, { depth: 1, source: 'sitemap' }).allowed;
  found.add(start);

  const sitemapWork =
    options.sitemapOnly || options.ignoreSitemap === false
      ? fromSitemaps(start, options, runtime, signal, (u) => inScope(u) && found.add(u))
      : Promise.resolve();
  const titles = new Map<string, string>();
  const descriptions = new Map<string, string>();
  const traps: TrapNotice[] = [];
  const crawlWork = options.sitemapOnly
    ? Promise.resolve(undefined)
    : fromPages(start, options, runtime, signal, (u) => inScope(u) && found.add(u), { titles, descriptions, traps });
  const stopWhenFull = found.full.then(() => controller.abort());
  const [, startFailure] = await Promise.all([sitemapWork, crawlWork]);
  void stopWhenFull;
  const timedOut = outOfTime.aborted && !controller.signal.aborted && !options.signal?.aborted;
  controller.abort();
  // A start page that redirected to a refused address: an error, not a map of one URL.
  if (startFailure?.code === 'SCRAPE_BLOCKED_URL') throw new TrawlError('SCRAPE_BLOCKED_URL', startFailure.error);

  const links = [...found.values()];
  const chosen = options.search
    ? rankLinks(links, options.search, { titles }).slice(0, Math.min(limit, SEARCH_MAX_RESULTS))
    : links.slice(0, limit);
  const warnings = [
    ...(timedOut ? [`The map stopped after its time budget of ${timeBudget} ms; these are the ${found.size} links found by then.`] : []),
    ...trapWarnings(traps),
  ];
  const mapped = chosen.map((link) => {
    const key = normalizeUrl(link);
    const title = titles.get(key);
    const description = descriptions.get(key);
    return { url: link, ...(title ? { title } : {}), ...(description ? { description } : {}) };
  });
  return { links: mapped, warnings };
}

/** One warning naming the URL patterns the map's crawl held back as traps. */
function trapWarnings(traps: readonly TrapNotice[]): string[] {
  if (!traps.length) return [];
  const shown = traps.slice(0, 3).map((trap) => `${trap.example} (${trap.reason})`);
  const more = traps.length > 3 ? ` and ${traps.length - 3} more` : '';
  return [`Links of ${traps.length} URL pattern(s) that looked like a crawl trap were not followed further: ${shown.join(', ')}${more}.`];
}

async function fromSitemaps(
  start: string,
  options: MapRequest,
  runtime: Runtime,
  signal: AbortSignal,
  add: (url: string) => void,
): Promise<void> {
  const fetcher = httpResourceFetcher(
    { userAgent: runtime.userAgent, headers: options.headers ?? {}, timeout: 30_000, dispatcher: runtime.dispatcherFor(false) },
    runtime.policy,
  );
  const robots = createRobotsPolicy({ fetcher, ignoreRobots: options.ignoreRobots ?? false, userAgent: runtime.robotsUserAgent });
  try {
    for await (const url of discoverSitemapUrls(start, { fetcher, robots, signal })) add(url);
  } catch (error) {
    if (!signal.aborted) throw error;
  }
}

/**
 * A start URL the SSRF policy refuses is an error (SCRAPE_BLOCKED_URL), not a map holding only
 * itself. A name that does not resolve is left to the page fetch, as before.
 */
async function refuseBlockedStart(target: URL, policy: SsrfPolicy): Promise<void> {
  try {
    await assertAllowedTarget(target, policy);
  } catch (error) {
    if (isTrawlError(error) && error.code === 'SCRAPE_BLOCKED_URL') throw error;
  }
}

/**
 * Fetches pages breadth-first for their links, noting each page's title (for ranking by `search`)
 * and description. Resolves to the start page's failure, if it failed.
 */
async function fromPages(
  start: string,
  options: MapRequest,
  runtime: Runtime,
  signal: AbortSignal,
  add: (url: string) => void,
  pages: { titles: Map<string, string>; descriptions: Map<string, string>; traps: TrapNotice[] },
): Promise<{ error: string; code?: string } | undefined> {
  const job = crawl(start, {
    limit: MAP_MAX_LIMIT,
    ignoreSitemap: true,
    allowBackwardCrawling: !options.withinPath,
    allowSubdomains: options.includeSubdomains ?? false,
    ignoreRobots: options.ignoreRobots ?? false,
    maxConcurrency: options.maxConcurrency ?? 10,
    maxRetries: 0,
    scrapeOptions: { formats: ['links'], onlyMainContent: false, headers: options.headers },
    // The map's own crawl: a private store, never the runtime's (where it would show as a job).
    runtime: runtime.with({ store: createMemoryStore() }),
    signal,
  });
  job.on('page', (doc) => {
    for (const url of [doc.metadata.sourceURL, doc.metadata.url]) {
      if (doc.metadata.title) pages.titles.set(normalizeUrl(url), doc.metadata.title);
      if (doc.metadata.description) pages.descriptions.set(normalizeUrl(url), doc.metadata.description);
    }
    for (const link of doc.links ?? []) add(link);
  });
  job.on('trap', (notice) => pages.traps.push(notice));
  let startFailure: { error: string; code?: string } | undefined;
  job.on('pageError', (failure) => {
    if (failure.url === start) startFailure = failure;
  });
  await job.done;
  return startFailure;
}

/** Insertion-ordered URLs, deduplicated as "the same page", that says when it is full. */
class LinkSet {
  private readonly byKey = new Map<string, string>();
  private resolveFull!: () => void;
  readonly full = new Promise<void>((resolve) => (this.resolveFull = resolve));

  constructor(private readonly cap: number) {}

  add(url: string): boolean {
    if (this.byKey.size >= this.cap) return false;
    let key: string;
    try {
      key = normalizeUrl(url);
    } catch {
      return false;
    }
    if (this.byKey.has(key)) return false;
    this.byKey.set(key, url);
    if (this.byKey.size >= this.cap) this.resolveFull();
    return true;
  }

  get size(): number {
    return this.byKey.size;
  }

  values(): IterableIterator<string> {
    return this.byKey.values();
  }
}

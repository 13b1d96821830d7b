import { XMLParser } from 'fast-xml-parser';
import { decompressPrefix } from '../fetch/decompress.js';
import { SITEMAP_MAX_BYTES } from '../limits.js';
import type { ResourceFetcher } from './fetcher.js';
import type { RobotsPolicy } from './robots.js';

export interface SitemapOptions {
  fetcher: ResourceFetcher;
  /** Sitemap documents fetched at most, seeds and failures included (default 20, as Firecrawl). */
  maxSitemaps?: number;
  /** How deep sitemap indexes may nest below a seed (default 3). */
  maxNesting?: number;
  /** Page URLs yielded at most (default 100,000); one sitemap alone may list 50,000. */
  maxUrls?: number;
  /** A sitemap is read to this many bytes after decompression, the rest ignored (default 50 MiB, the protocol's limit). */
  maxBytes?: number;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Told about every sitemap that was skipped (HTTP error, not a sitemap, too large…). */
  onSkip?: (sitemapUrl: string, reason: string) => void;
}

export type ParsedSitemap =
  | { kind: 'urlset'; pages: string[]; sitemaps: string[] }
  | { kind: 'index'; sitemaps: string[] }
  | { kind: 'invalid'; reason: string };

const GZIP_MAGIC_0 = 0x1f;
const GZIP_MAGIC_1 = 0x8b;

// Entities are decoded by hand in <loc> only: twice as fast on big sitemaps, and no DOCTYPE
// entity can expand.
const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: false,
  isArray: (name) => name === 'url' || name === 'sitemap',
});

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXmlEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, entity: string) => {
    if (entity[0] !== '#') return XML_ENTITIES[entity] ?? match;
    const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
  });
}

/**
 * Where to look for sitemaps: the `Sitemap:` lines of robots.txt first, then `/sitemap.xml`
 * at the origin and under the start path.
 */
export function sitemapSeeds(startUrl: string, robotsSitemaps: readonly string[] = []): string[] {
  const start = new URL(startUrl);
  const seeds = new Set(robotsSitemaps);
  seeds.add(`${start.origin}/sitemap.xml`);
  const path = start.pathname.replace(/\/+$/, '');
  if (path !== '') seeds.add(`${start.origin}${path}/sitemap.xml`);
  return [...seeds];
}

/**
 * Page URLs from the sitemaps found for `startUrl` through robots.txt and the usual locations.
 * Pass `ignoreRobots` to the robots policy to skip robots.txt; sitemaps are still tried.
 */
export function discoverSitemapUrls(startUrl: string, options: SitemapOptions & { robots?: RobotsPolicy }): AsyncGenerator<string> {
  async function* run(): AsyncGenerator<string> {
    const fromRobots = options.robots ? await options.robots.sitemaps(startUrl) : [];
    yield* sitemapUrls(sitemapSeeds(startUrl, fromRobots), options);
  }
  return run();
}

/**
 * Walks sitemaps breadth-first from the seeds and yields absolute, deduplicated page URLs as
 * each sitemap is read, so a consumer can stop early. Never throws for a bad sitemap: it skips it.
 */
export async function* sitemapUrls(seeds: Iterable<string>, options: SitemapOptions): AsyncGenerator<string> {
  const maxSitemaps = options.maxSitemaps ?? 20;
  const maxNesting = options.maxNesting ?? 3;
  const maxUrls = options.maxUrls ?? 100_000;
  const queue: { url: string; nesting: number }[] = [];
  const queued = new Set<string>();
  const yielded = new Set<string>();
  const enqueue = (url: string, nesting: number) => {
    if (nesting > maxNesting || queued.has(url) || queued.size >= maxSitemaps) return;
    queued.add(url);
    queue.push({ url, nesting });
  };
  for (const seed of seeds) enqueue(seed, 0);

  for (let next = queue.shift(); next; next = queue.shift()) {
    if (options.signal?.aborted) return;
    const parsed = await readSitemap(next.url, options);
    if (parsed.kind === 'invalid') {
      options.onSkip?.(next.url, parsed.reason);
      continue;
    }
    for (const child of parsed.sitemaps) enqueue(child, next.nesting + 1);
    if (parsed.kind !== 'urlset') continue;
    for (const page of parsed.pages) {
      if (yielded.has(page)) continue;
      yielded.add(page);
      yield page;
      if (yielded.size >= maxUrls) return;
    }
  }
}

async function readSitemap(url: string, options: SitemapOptions): Promise<ParsedSitemap> {
  const maxBytes = options.maxBytes ?? SITEMAP_MAX_BYTES;
  let text: string;
  try {
    const response = await options.fetcher(url, { headers: options.headers, signal: options.signal, truncateAt: maxBytes });
    if (response.status < 200 || response.status >= 300) return { kind: 'invalid', reason: `HTTP ${response.status}` };
    const body = await gunzipIfGzip(response.body, maxBytes);
    const cut = response.truncated === true || body.byteLength >= maxBytes;
    text = new TextDecoder().decode(body);
    if (cut) text = completeEntries(text);
  } catch (error) {
    return { kind: 'invalid', reason: error instanceof Error ? error.message : String(error) };
  }
  return parseSitemap(text, url);
}

/**
 * Gunzips only when the bytes are gzip. Headers (`Content-Encoding`, `application/gzip`) and a
 * `.gz` suffix are hints, not facts: the HTTP layer may already have decoded the body.
 */
async function gunzipIfGzip(body: Uint8Array, maxBytes: number): Promise<Uint8Array> {
  if (body.length >= 2 && body[0] === GZIP_MAGIC_0 && body[1] === GZIP_MAGIC_1) return decompressPrefix(body, 'gzip', maxBytes);
  return body;
}

/**
 * A sitemap cut at the byte cap, made whole again: XML keeps its entries up to the last complete
 * `</url>` or `</sitemap>` and gets its root closed; a text list keeps its complete lines.
 */
export function completeEntries(text: string): string {
  for (const [entryEnd, rootEnd] of [
    ['</url>', '</urlset>'],
    ['</sitemap>', '</sitemapindex>'],
  ] as const) {
    const last = text.lastIndexOf(entryEnd);
    if (last >= 0) return `${text.slice(0, last + entryEnd.length)}\n${rootEnd}\n`;
  }
  return text.trimStart().startsWith('<') ? text : text.slice(0, text.lastIndexOf('\n') + 1);
}

/**
 * Parses a sitemap (urlset or sitemap index, XML or plain-text list) into absolute URLs.
 * Pure; malformed input yields whatever `<loc>`s could be read, or `invalid`, never an exception.
 * Like Firecrawl, a `<loc>` ending in `.xml` or `.xml.gz` inside a urlset is a nested sitemap.
 */
export function parseSitemap(text: string, sitemapUrl: string): ParsedSitemap {
  const trimmed = text.trimStart();
  if (trimmed === '') return { kind: 'invalid', reason: 'empty body' };
  if (!trimmed.startsWith('<')) {
    const listed = plainTextUrls(trimmed, sitemapUrl);
    return listed.length > 0 ? splitPages(listed) : { kind: 'invalid', reason: 'neither XML nor a list of URLs' };
  }

  let document: Record<string, unknown>;
  try {
    document = parser.parse(trimmed) as Record<string, unknown>;
  } catch (error) {
    return { kind: 'invalid', reason: `malformed XML: ${error instanceof Error ? error.message : String(error)}` };
  }
  const index = document.sitemapindex as { sitemap?: unknown[] } | undefined;
  if (index && typeof index === 'object') {
    return { kind: 'index', sitemaps: locs(index.sitemap, sitemapUrl) };
  }
  const urlset = document.urlset as { url?: unknown[] } | undefined;
  if (urlset && typeof urlset === 'object') return splitPages(locs(urlset.url, sitemapUrl));
  if (urlset === '' || index === '') return { kind: 'urlset', pages: [], sitemaps: [] };
  return { kind: 'invalid', reason: 'neither a <urlset> nor a <sitemapindex>' };
}

function splitPages(urls: string[]): ParsedSitemap {
  const pages: string[] = [];
  const sitemaps: string[] = [];
  for (const url of urls) (/\.xml(\.gz)?$/i.test(new URL(url).pathname) ? sitemaps : pages).push(url);
  return { kind: 'urlset', pages, sitemaps };
}

function locs(entries: unknown[] | undefined, base: string): string[] {
  const urls: string[] = [];
  for (const entry of entries ?? []) {
    const loc = (entry as { loc?: unknown } | null)?.loc;
    if (typeof loc !== 'string') continue;
    const text = decodeXmlEntities(loc.trim());
    // The protocol wants absolute URLs; root-relative ones are a common slip worth tolerating.
    if (!/^https?:\/\//i.test(text) && !text.startsWith('/')) continue;
    const url = absoluteHttpUrl(text, base);
    if (url) urls.push(url);
  }
  return urls;
}

function plainTextUrls(text: string, base: string): string[] {
  const urls: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const candidate = line.trim();
    if (!/^https?:\/\//i.test(candidate)) continue;
    const url = absoluteHttpUrl(candidate, base);
    if (url) urls.push(url);
  }
  return urls;
}

function absoluteHttpUrl(raw: string, base: string): string | undefined {
  try {
    const url = new URL(raw.trim(), base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    url.hash = '';
    return url.href;
  } catch {
    return undefined;
  }
}

import { TrawlError } from '../errors.js';

export interface NormalizeOptions {
  /** Drop the whole query string, as Firecrawl's `ignoreQueryParameters` does (default false). */
  ignoreQueryParameters?: boolean;
  /**
   * Treat http/https and www/non-www as one page, as Firecrawl's `deduplicateSimilarURLs`
   * (default true) does. The key then starts with `//host` instead of a scheme.
   */
  deduplicateSimilarURLs?: boolean;
}

/** Directory index files that name the same page as their directory (`/a/` ≡ `/a/index.html`). */
export const INDEX_FILES: ReadonlySet<string> = new Set(['index.html', 'index.htm', 'index.php']);

/** Query parameters that only track where a click came from, never what a page shows. */
const TRACKING_PARAMS = new Set([
  'fbclid',
  'gclid',
  'gclsrc',
  'dclid',
  'gbraid',
  'wbraid',
  'msclkid',
  'yclid',
  'twclid',
  'igshid',
  'mc_cid',
  'mc_eid',
  '_ga',
  '_gl',
]);

/**
 * The dedupe key of a URL: two URLs a reader would call "the same page" get the same key.
 * Pure and allocation-light, because a crawl calls it for every link it sees.
 * Throws SCRAPE_INVALID_URL for anything that is not an absolute http(s) URL.
 */
export function normalizeUrl(input: string | URL, options: NormalizeOptions = {}): string {
  const url = parseHttpUrl(input);
  const similarAsOne = options.deduplicateSimilarURLs ?? true;

  let host = url.host; // WHATWG URL already lower-cases, punycodes and drops the default port
  if (host.includes('.:') || host.endsWith('.')) host = host.replace(/\.(?=:|$)/, '');
  if (similarAsOne && host.startsWith('www.')) host = host.slice(4);

  const path = normalizePath(url.pathname);
  const query = options.ignoreQueryParameters ? '' : normalizeQuery(url.search);
  const origin = similarAsOne ? `//${host}` : `${url.protocol}//${host}`;
  return origin + path + query;
}

function parseHttpUrl(input: string | URL): URL {
  let url: URL;
  try {
    url = typeof input === 'string' ? new URL(input) : input;
  } catch {
    throw new TrawlError('SCRAPE_INVALID_URL', `Not a valid absolute URL: ${String(input)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TrawlError('SCRAPE_INVALID_URL', `Only http and https URLs can be crawled, got ${url.protocol} in ${url.href}`);
  }
  return url;
}

/**
 * `/a/index.html` → `/a`, `/a/` → `/a`, `/` stays `/`. Trailing slashes are dropped because
 * servers almost always serve (or redirect) `/a` and `/a/` as one page.
 */
function normalizePath(pathname: string): string {
  let path = normalizePercentEncoding(pathname);
  const lastSlash = path.lastIndexOf('/');
  if (INDEX_FILES.has(path.slice(lastSlash + 1).toLowerCase())) path = path.slice(0, lastSlash + 1);
  while (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return path === '' ? '/' : path;
}

/** Sorted by name (stable, so repeated names keep their order), tracking parameters removed. */
function normalizeQuery(search: string): string {
  if (search.length <= 1) return '';
  const pairs: { name: string; pair: string }[] = [];
  for (const raw of search.slice(1).split('&')) {
    if (raw === '') continue;
    const pair = normalizePercentEncoding(raw);
    const equals = pair.indexOf('=');
    const name = equals === -1 ? pair : pair.slice(0, equals);
    if (isTrackingParam(name)) continue;
    pairs.push({ name, pair });
  }
  if (pairs.length === 0) return '';
  pairs.sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
  return `?${pairs.map((p) => p.pair).join('&')}`;
}

function isTrackingParam(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith('utm_') || TRACKING_PARAMS.has(lower);
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** Decodes escapes of unreserved characters (`%7E` → `~`) and upper-cases the hex of the rest (`%2f` → `%2F`). */
export function normalizePercentEncoding(text: string): string {
  if (!text.includes('%')) return text;
  return text.replace(/%([0-9A-Fa-f]{2})/g, (_match, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : `%${hex.toUpperCase()}`;
  });
}

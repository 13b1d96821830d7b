/**
 * Every bound a request or a page meets, in one place (docs/operations.md lists them with what
 * happens at each). Firecrawl's values where it has them.
 */

/** Longest URL accepted, as a target or as a link found on a page (browsers and CDNs stop near 8 KiB). */
export const MAX_URL_LENGTH = 8192;
/** Largest scrape `timeout`, in ms (5 minutes). */
export const MAX_TIMEOUT_MS = 300_000;
/** Largest `waitFor`, `wait` action, and sum of both in one scrape, in ms (Firecrawl: 60 s). */
export const MAX_WAIT_MS = 60_000;
/** Largest screenshot viewport side, in CSS pixels (8K). */
export const MAX_VIEWPORT_SIDE = 7680;
/** Browser actions per scrape (Firecrawl: 50). */
export const MAX_ACTIONS = 50;
/** Largest crawl `delay` between requests to one host, in seconds; robots.txt Crawl-delay is clamped to it. */
export const MAX_CRAWL_DELAY_S = 60;
/** Largest crawl `limit` (pages). */
export const MAX_CRAWL_LIMIT = 100_000;
/** Largest `maxDepth` (path segments) and `maxDiscoveryDepth` (link hops). */
export const MAX_DEPTH = 1000;
/** Largest `maxConcurrency` of one job. */
export const MAX_CONCURRENCY = 100;
/** Largest `maxRetries` of a crawl page. */
export const MAX_RETRIES = 10;
/** Request headers a scrape may send, their name and value lengths, and their total size. */
export const MAX_HEADERS = 100;
export const MAX_HEADER_NAME_LENGTH = 256;
export const MAX_HEADER_VALUE_LENGTH = 8192;
export const MAX_HEADERS_BYTES = 32 * 1024;
/**
 * Headers the HTTP client sets itself from the request it sends (framing, the connection, the
 * target): a scrape that names one is refused, never sent (a wrong `content-length` or a
 * `transfer-encoding` breaks the request to the site; `host` would point it elsewhere).
 */
export const FORBIDDEN_REQUEST_HEADERS = [
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'proxy-connection',
] as const;
/** Levels of nesting of any JSON a request carries (bodies, webhook metadata, options parts, tool arguments). */
export const MAX_JSON_DEPTH = 100;
/** The largest value one `executeJavascript` action may return, as JSON (the page measures it before sending it). */
export const MAX_SCRIPT_RESULT_BYTES = 10 * 1024 * 1024;
/** All of one scrape's action outputs together: returned values, `scrape` actions' HTML, screenshots. */
export const MAX_ACTION_OUTPUT_BYTES = 50 * 1024 * 1024;
/** A screenshot's pixels (the largest viewport's); a larger full-page screenshot is cut to this many, with a warning. */
export const MAX_SCREENSHOT_PIXELS = MAX_VIEWPORT_SIDE * MAX_VIEWPORT_SIDE;
/** A screenshot's side in pixels (Chromium's largest texture); a taller full page is cut there. */
export const MAX_SCREENSHOT_SIDE = 16_384;
/** Include/exclude patterns per list, and the length of each. */
export const MAX_PATTERNS = 100;
export const MAX_PATTERN_LENGTH = 1000;

/** robots.txt is read to here; the rest is ignored (RFC 9309 §2.5 asks for at least 500 KiB). */
export const ROBOTS_MAX_BYTES = 500 * 1024;
/** Largest sitemap read, after decompression (the sitemap protocol's own limit); a larger one is skipped. */
export const SITEMAP_MAX_BYTES = 50 * 1024 * 1024;
/** Links kept from one page; the rest are dropped with a `warning` on the document. */
export const MAX_LINKS_PER_PAGE = 10_000;
/** Image URLs kept from one page (`images`), and values kept per selector (`attributes`); the rest are left out. */
export const MAX_IMAGES = 10_000;
export const MAX_ATTRIBUTE_VALUES = 10_000;
/** Selectors one `attributes` option may ask for, and the length of a selector and of an attribute name. */
export const MAX_ATTRIBUTE_SELECTORS = 50;
export const MAX_SELECTOR_LENGTH = 1000;
export const MAX_ATTRIBUTE_NAME_LENGTH = 200;
/** The longest `question` or `highlights` query (characters). */
export const MAX_QUERY_CHARS = 10_000;

/** How much of a user's input an error message may quote. */
export const ECHO_LENGTH = 100;

/** The start of `text`, for error messages: user input is never echoed whole. */
export function clip(text: string, length: number = ECHO_LENGTH): string {
  return text.length <= length ? text : `${text.slice(0, length)}… (${text.length} characters)`;
}

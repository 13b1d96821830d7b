import { TrawlError } from '../errors.js';
import { clip } from '../limits.js';
import { parseTargetUrl } from './guard.js';

/**
 * A target URL as a person types it, read the same way by the API and the CLI: trimmed, and
 * `http://` when it names no scheme (`example.com/a`, `127.0.0.1:3000/about`), as Firecrawl
 * reads it. Errors quote what was typed, never the scheme added to it.
 */
/** `mailto:`, `javascript:`, `file:/x`: a scheme, unlike the port in `localhost:3000/a`. */
const OTHER_SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d)/i;

export function parseTypedUrl(input: string): URL {
  const typed = input.trim();
  if (typed.includes('://') || OTHER_SCHEME.test(typed)) return parseTargetUrl(typed);
  try {
    return parseTargetUrl(`http://${typed}`);
  } catch {
    throw new TrawlError('SCRAPE_INVALID_URL', `Invalid URL "${clip(typed)}": give an absolute http:// or https:// URL`);
  }
}

/**
 * The URL to fetch for what was typed: `http://` added when it names no scheme, otherwise the
 * URL as given (so a Document's `sourceURL` and an llms.txt title keep the caller's spelling).
 * What scrape(), crawl(), batchScrape(), map() and the CLI's `<url>` arguments take.
 */
export function typedTargetUrl(input: string): string {
  const url = parseTypedUrl(input);
  const typed = input.trim();
  return typed.includes('://') ? typed : url.href;
}

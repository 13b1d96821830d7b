import type { HtmlDocument } from './parse.js';
import { documentBaseUrl, httpUrlWithoutFragment } from './urls.js';

/**
 * Every http(s) link under `root` (a whole document or one element of it): absolute against the
 * page URL and the document's `<base href>`, without fragments, deduplicated, in page order.
 * A crawler passes the raw document; the `links` format passes the cleaned content and the base
 * URL read before cleaning.
 */
export function extractLinks(root: HtmlDocument | Element, pageUrl: string, knownBaseUrl?: string): string[] {
  const document = root.ownerDocument ?? (root as HtmlDocument);
  // Cleaning may have taken a stray <base> out of the body: the caller then says what it was.
  const baseUrl = knownBaseUrl ?? documentBaseUrl(document, pageUrl);
  const seen = new Set<string>();
  for (const anchor of Array.from(root.querySelectorAll('a[href], area[href]'))) {
    const href = anchor.getAttribute('href')?.trim();
    // An empty href only points back at the page itself.
    const url = href ? httpUrlWithoutFragment(href, baseUrl) : undefined;
    if (url) seen.add(url);
  }
  return [...seen];
}

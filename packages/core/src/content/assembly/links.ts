import { MAX_LINKS_PER_PAGE } from '../../limits.js';
import type { HtmlDocument } from '../dom/parse.js';
import { nextInTree } from '../dom/tree-walk.js';
import { documentBaseUrl, httpUrlWithoutFragment } from './urls.js';

/**
 * Every http(s) link under `root` (a whole document or one element of it): absolute against the
 * page URL and the document's `<base href>`, without fragments, deduplicated, in page order.
 * A crawler passes the raw document; the `links` format passes the cleaned content and the base
 * URL read before cleaning.
 *
 * Reading stops one link past MAX_LINKS_PER_PAGE, so a page of a million links costs no more than
 * one of ten thousand; a result longer than the cap tells the caller the page had more.
 */
export function extractLinks(root: HtmlDocument | Element, pageUrl: string, knownBaseUrl?: string): string[] {
  const document = root.ownerDocument ?? (root as HtmlDocument);
  // Cleaning may have taken a stray <base> out of the body: the caller then says what it was.
  const baseUrl = knownBaseUrl ?? documentBaseUrl(document, pageUrl);
  const seen = new Set<string>();
  for (let node: Node | null = root; node && seen.size <= MAX_LINKS_PER_PAGE; ) {
    const tag = node.nodeType === 1 ? (node as Element).tagName : '';
    if (tag === 'A' || tag === 'AREA') {
      const href = (node as Element).getAttribute('href')?.trim();
      // An empty href only points back at the page itself.
      const url = href ? httpUrlWithoutFragment(href, baseUrl) : undefined;
      if (url) seen.add(url);
    }
    // A <template>'s content is no part of the page.
    node = nextInTree(node, root, tag === 'TEMPLATE');
  }
  return [...seen];
}

import type { HtmlDocument } from '../dom/parse.js';

/** The URL relative references resolve against: the page's `<base href>` (itself resolved), else the page URL. */
export function documentBaseUrl(document: HtmlDocument, pageUrl: string): string {
  // getElementsByTagName walks the tree without a selector engine: much faster on linkedom.
  const base = Array.from(document.getElementsByTagName('base')).find((element) => element.hasAttribute('href'));
  const href = base?.getAttribute('href')?.trim();
  if (!href) return pageUrl;
  return absoluteUrl(href, pageUrl) ?? pageUrl;
}

/** Resolves `href` against `base`; undefined when it is not a valid URL. */
export function absoluteUrl(href: string, base: string): string | undefined {
  try {
    return new URL(href.trim(), base).href;
  } catch {
    return undefined;
  }
}

/** An absolute http(s) URL without its fragment, or undefined for anything else (mailto:, javascript:, tel:…). */
export function httpUrlWithoutFragment(href: string, base: string): string | undefined {
  let url: URL;
  try {
    url = new URL(href.trim(), base);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  url.hash = '';
  return url.href;
}

const URL_ATTRIBUTES: Array<[selector: string, attribute: string]> = [
  ['a[href]', 'href'],
  ['area[href]', 'href'],
  ['img[src]', 'src'],
  ['video[src]', 'src'],
  ['video[poster]', 'poster'],
  ['audio[src]', 'src'],
  ['source[src]', 'src'],
  ['iframe[src]', 'src'],
  ['embed[src]', 'src'],
];

/**
 * Rewrites link and media URLs under `root` to absolute ones, so the cleaned HTML and the
 * Markdown stay usable away from the page. `javascript:` links lose their href (their text stays).
 */
export function absolutizeUrls(root: Element, baseUrl: string): void {
  for (const [selector, attribute] of URL_ATTRIBUTES) {
    for (const element of Array.from(root.querySelectorAll(selector))) {
      const value = element.getAttribute(attribute)!.trim();
      if (/^javascript:/i.test(value)) {
        element.removeAttribute(attribute);
        continue;
      }
      const resolved = value ? absoluteUrl(value, baseUrl) : undefined;
      if (resolved) element.setAttribute(attribute, resolved);
    }
  }
}

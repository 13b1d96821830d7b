/**
 * The v2 formats read from a page's HTML that the engine has no format for: `images` (every
 * image URL of the page) and `attributes` (values of chosen attributes of chosen elements).
 * Both read the raw page once, with core's parser.
 */
import { parseHtml } from '@trawl/core';

/** Caps so a hostile page cannot make an answer of millions of entries. */
export const MAX_IMAGES = 10_000;
export const MAX_ATTRIBUTE_VALUES = 10_000;

export interface AttributeSelector {
  selector: string;
  attribute: string;
}

export interface AttributeValues extends AttributeSelector {
  values: string[];
}

export interface PageExtras {
  images?: string[];
  attributes?: AttributeValues[];
}

export function readPageExtras(
  html: string,
  pageUrl: string,
  wanted: { images: boolean; attributes?: readonly AttributeSelector[] },
): PageExtras {
  const document = parseHtml(html);
  const base = baseUrlOf(document, pageUrl);
  const extras: PageExtras = {};
  if (wanted.images) extras.images = imageUrls(document, base);
  if (wanted.attributes) extras.attributes = wanted.attributes.map((entry) => ({ ...entry, values: attributeValues(document, entry) }));
  return extras;
}

function baseUrlOf(document: Document, pageUrl: string): string {
  const href = document.querySelector('base[href]')?.getAttribute('href')?.trim();
  return (href && absoluteHttpUrl(href, pageUrl)) || pageUrl;
}

/** `<img>` src and srcset, `<picture><source srcset>`, and the page's social preview images; http(s) only, absolute, deduplicated. */
function imageUrls(document: Document, base: string): string[] {
  const found = new Set<string>();
  const add = (candidate: string | null | undefined) => {
    if (!candidate || found.size >= MAX_IMAGES) return;
    const url = absoluteHttpUrl(candidate.trim(), base);
    if (url) found.add(url);
  };
  for (const element of Array.from(document.querySelectorAll('img, source'))) {
    if (found.size >= MAX_IMAGES) break;
    add(element.getAttribute('src'));
    for (const candidate of srcsetUrls(element.getAttribute('srcset'))) add(candidate);
  }
  for (const meta of Array.from(document.querySelectorAll('meta[property="og:image"], meta[name="twitter:image"]')))
    add(meta.getAttribute('content'));
  return [...found];
}

/** The URLs of a srcset (`a.jpg 400w, b.jpg 800w`). */
function srcsetUrls(srcset: string | null): string[] {
  if (!srcset) return [];
  return srcset
    .split(',')
    .map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
    .filter(Boolean);
}

function attributeValues(document: Document, { selector, attribute }: AttributeSelector): string[] {
  let elements: Element[];
  try {
    elements = Array.from(document.querySelectorAll(selector));
  } catch {
    // Checked up front by the route (see assertSelectors); a selector the parser still refuses matches nothing.
    return [];
  }
  const values: string[] = [];
  for (const element of elements) {
    if (values.length >= MAX_ATTRIBUTE_VALUES) break;
    const value = element.getAttribute(attribute);
    if (value !== null) values.push(value);
  }
  return values;
}

/** Whether the parser accepts `selector`, so a bad one is the caller's 400 rather than an empty answer. */
export function selectorProblem(selector: string): string | undefined {
  try {
    parseHtml('<p></p>').querySelectorAll(selector);
    return undefined;
  } catch (error) {
    return `"${selector.slice(0, 100)}" is not a valid CSS selector${error instanceof Error ? `: ${error.message.slice(0, 200)}` : ''}`;
  }
}

function absoluteHttpUrl(value: string, base: string): string | undefined {
  if (!value || value.startsWith('data:')) return undefined;
  try {
    const url = new URL(value, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    url.hash = '';
    return url.href;
  } catch {
    return undefined;
  }
}

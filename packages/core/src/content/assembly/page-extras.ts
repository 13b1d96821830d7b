import { MAX_ATTRIBUTE_VALUES, MAX_IMAGES } from '../../limits.js';
import type { AttributeSelector, AttributeValues } from '../../document.js';
import type { HtmlDocument } from '../dom/parse.js';
import { parseSrcset } from './srcset.js';
import { httpUrlWithoutFragment } from './urls.js';

/**
 * The `images` and `attributes` formats (v2's), read from the raw page before cleaning changes
 * it, in the same parse as the other formats: every image URL of the page, and the values of
 * chosen attributes of chosen elements.
 */
export interface PageExtras {
  images?: string[];
  attributes?: AttributeValues[];
}

export function readPageExtras(
  document: HtmlDocument,
  baseUrl: string,
  wanted: { images?: boolean | undefined; attributes?: readonly AttributeSelector[] | undefined },
): PageExtras {
  const extras: PageExtras = {};
  if (wanted.images) extras.images = imageUrls(document, baseUrl);
  if (wanted.attributes) extras.attributes = wanted.attributes.map((entry) => ({ ...entry, values: attributeValues(document, entry) }));
  return extras;
}

/** `<img>` src and srcset, `<picture><source srcset>`, and the page's social preview images; http(s) only, absolute, deduplicated. */
function imageUrls(document: HtmlDocument, baseUrl: string): string[] {
  const found = new Set<string>();
  const add = (candidate: string | null | undefined) => {
    const value = candidate?.trim();
    if (!value || value.startsWith('data:') || found.size >= MAX_IMAGES) return;
    const url = httpUrlWithoutFragment(value, baseUrl);
    if (url) found.add(url);
  };
  for (const element of Array.from(document.querySelectorAll('img, source'))) {
    if (found.size >= MAX_IMAGES) break;
    add(element.getAttribute('src'));
    for (const candidate of parseSrcset(element.getAttribute('srcset') ?? '')) add(candidate.url);
  }
  for (const meta of Array.from(document.querySelectorAll('meta[property="og:image"], meta[name="twitter:image"]')))
    add(meta.getAttribute('content'));
  return [...found];
}

function attributeValues(document: HtmlDocument, { selector, attribute }: AttributeSelector): string[] {
  let elements: Element[];
  try {
    elements = Array.from(document.querySelectorAll(selector));
  } catch {
    // Options are checked up front (selectorProblem); a selector the parser still refuses matches nothing.
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

import type { HtmlDocument } from '../dom/parse.js';
import { usesProductTemplate } from './product-template.js';

/** What a page's markup says about its kind, read once before cleaning changes the page. */
export interface PageSignals {
  /** schema.org types from JSON-LD and microdata, as written (`Product`, `QAPage`…). */
  schemaTypes: Set<string>;
  /** `og:type`, lower-cased. */
  ogType: string;
  /** `<article>` elements and schema.org posts/comments: one per post on a thread. */
  postCount: number;
  /** Elements that look like a product card or an "add to cart" control. */
  productCardCount: number;
  addToCart: boolean;
  /** schema.org products the page declares (JSON-LD objects and microdata items): one on a product's page, one per card on a grid. */
  productItemCount: number;
  /** Price-looking text nodes under price-named elements. */
  priceCount: number;
  /** Links in or around an `h2`–`h4`: a teaser's title on an index page, a section's link elsewhere. */
  headingLinks: number;
  /** `<pre>`/`<code>` blocks. */
  codeBlockCount: number;
  /** Words inside `<p>` elements, and how many paragraphs hold 20 words or more. */
  paragraphWords: number;
  longParagraphs: number;
  /** The description a JSON-LD `Product` gives of itself ('' when none): shops often hide it in the DOM. */
  productDescription: string;
  /** The body's class names a shop platform's single-product template (`product-template.ts`). */
  productTemplate: boolean;
}

const SCHEMA_TYPE_IN_JSON = /"@type"\s*:\s*(\[[^\]]*\]|"[^"]*")/g;
/** JSON-LD blocks are read up to this size: the types sit near the top, and pages can ship megabytes. */
const MAX_JSON_LD_CHARS = 200_000;
const POST_ITEM_TYPES = /schema\.org\/(?:Comment|Answer|Question|DiscussionForumPosting|SocialMediaPosting)\b/i;
const PRODUCT_CARD_CLASS = /(?:^|[\s_-])(?:product-?(?:card|item|tile|grid-item)|grid-product|product)(?:$|[\s_-])/i;
const ADD_TO_CART = /add[\s_-]?to[\s_-]?(?:cart|bag|basket)/i;
const PRICE_CLASS = /price/i;

const PRODUCT_TYPES = new Set(['Product', 'ProductGroup', 'IndividualProduct']);
const PRODUCT_TYPE_IN_JSON = /"@type"\s*:\s*(?:\[[^\]]*)?"(?:[^"]*\/)?(?:Product|ProductGroup|IndividualProduct)"/;

export function readPageSignals(document: HtmlDocument): PageSignals {
  const schemaTypes = new Set<string>();
  let productDescription = '';
  let productItemCount = 0;
  for (const script of Array.from(document.querySelectorAll('script[type="application/ld+json" i]'))) {
    const json = (script.textContent ?? '').slice(0, MAX_JSON_LD_CHARS);
    for (const match of json.matchAll(SCHEMA_TYPE_IN_JSON)) {
      for (const quoted of match[1]!.match(/"([^"]*)"/g) ?? []) {
        const type = lastPathPart(quoted.slice(1, -1));
        schemaTypes.add(type);
        if (PRODUCT_TYPES.has(type)) productItemCount++;
      }
    }
    if (!productDescription && PRODUCT_TYPE_IN_JSON.test(json)) productDescription = jsonLdProductDescription(json);
  }
  let postCount = 0;
  for (const element of Array.from(document.querySelectorAll('[itemtype]'))) {
    const itemType = element.getAttribute('itemtype') ?? '';
    for (const type of itemType.split(/\s+/)) {
      if (!type) continue;
      const name = lastPathPart(type);
      schemaTypes.add(name);
      if (PRODUCT_TYPES.has(name)) productItemCount++;
    }
    if (POST_ITEM_TYPES.test(itemType)) postCount++;
  }
  postCount = Math.max(postCount, document.querySelectorAll('article').length);

  let productCardCount = 0;
  let priceCount = 0;
  for (const element of Array.from(document.querySelectorAll('[class]'))) {
    const names = element.getAttribute('class') ?? '';
    if (PRODUCT_CARD_CLASS.test(names)) productCardCount++;
    if (PRICE_CLASS.test(names) && !element.firstElementChild && /\d/.test(element.textContent ?? '')) priceCount++;
  }
  const addToCart = Array.from(document.querySelectorAll('button, input[type="submit"], form[action*="cart" i]')).some((control) =>
    ADD_TO_CART.test(
      `${control.textContent ?? ''} ${control.getAttribute('value') ?? ''} ${control.getAttribute('name') ?? ''} ${control.getAttribute('action') ?? ''}`,
    ),
  );

  let paragraphWords = 0;
  let longParagraphs = 0;
  for (const paragraph of Array.from(document.querySelectorAll('p'))) {
    const words = (paragraph.textContent ?? '').split(/\s+/).filter(Boolean).length;
    paragraphWords += words;
    if (words >= 20) longParagraphs++;
  }
  const ogType = (document.querySelector('meta[property="og:type"]')?.getAttribute('content') ?? '').trim().toLowerCase();
  return {
    schemaTypes,
    ogType,
    postCount,
    productCardCount,
    addToCart,
    productItemCount,
    priceCount,
    headingLinks: countHeadingLinks(document),
    codeBlockCount: document.querySelectorAll('pre').length,
    paragraphWords,
    longParagraphs,
    productDescription,
    productTemplate: usesProductTemplate(document),
  };
}

/**
 * Links in or around `h2`–`h4` headings. Walks the headings (few) rather than the links (a page can
 * hold hundreds of thousands, each with its ancestors to test).
 */
function countHeadingLinks(document: HtmlDocument): number {
  let count = 0;
  for (const heading of Array.from(document.querySelectorAll('h2, h3, h4'))) {
    count += heading.closest('a[href]') ? 1 : heading.querySelectorAll('a[href]').length;
  }
  return count;
}

/** The first `description` of a `Product` in a JSON-LD block, or '' (also for JSON that does not parse). */
function jsonLdProductDescription(json: string): string {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return '';
  }
  const pending: unknown[] = [data];
  while (pending.length > 0) {
    const item = pending.pop();
    if (!item || typeof item !== 'object') continue;
    if (Array.isArray(item)) {
      pending.push(...item);
      continue;
    }
    const record = item as Record<string, unknown>;
    const types = ([] as unknown[]).concat(record['@type'] ?? []);
    if (types.some((type) => typeof type === 'string' && PRODUCT_TYPES.has(lastPathPart(type))) && typeof record.description === 'string') {
      return record.description;
    }
    pending.push(...Object.values(record));
  }
  return '';
}

function lastPathPart(type: string): string {
  return type.slice(type.lastIndexOf('/') + 1).trim();
}

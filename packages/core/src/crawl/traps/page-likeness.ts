/**
 * How alike two pages are, cheaply: each page is a bottom-k sketch of its features (the hashes
 * of its words and of its links to other kinds of page), and two sketches estimate the Jaccard
 * similarity of the feature sets (exact while a page has fewer than SKETCH_SIZE features). Pure.
 * A sketch is a few hundred bytes, so a crawl keeps the last few of each URL shape.
 */
import { urlShape } from './url-shape.js';

const SKETCH_SIZE = 128;
/** Words and links read from one page at most (a 10 MB page is not walked whole for a sketch). */
const MAX_FEATURES = 20_000;
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Features a page needs before it is compared at all: a page of a few navigation links says too
 * little to be called a copy of another.
 */
export const MIN_FEATURES = 12;

/** A page's sketch: the SKETCH_SIZE smallest distinct feature hashes, ascending. */
export type PageSketch = Uint32Array;

/**
 * What a page is judged by: its text when it was converted, and every link of it. Not its title:
 * a trap's pages differ in little else ("Events in March", "Events in April").
 */
export interface PageFeatures {
  url: string;
  /** The page's Markdown (absent on a links-only page: a map's or a URL-only crawl's). */
  text?: string;
  links: readonly string[];
}

/**
 * The sketch of a page. Links of the page's own shape are left out: they are the counter that
 * moves from page to page (next month, the other sort orders), not what the page says.
 */
export function sketchPage(page: PageFeatures): PageSketch {
  const own = urlShape(page.url);
  const hashes = new Set<number>();
  let seen = 0;
  const add = (feature: string) => {
    if (seen++ < MAX_FEATURES) hashes.add(fnv1a(feature));
  };
  for (const match of (page.text ?? '').slice(0, MAX_FEATURES * 8).matchAll(WORD)) add(`w:${match[0].toLowerCase()}`);
  for (const link of page.links.slice(0, MAX_FEATURES)) {
    if (urlShape(link) !== own) add(`l:${link}`);
  }
  return Uint32Array.from(hashes).sort().slice(0, SKETCH_SIZE);
}

/**
 * The Jaccard similarity two sketches estimate (1 for the same features, 0 for none shared):
 * of the SKETCH_SIZE smallest hashes of their union, the share both hold.
 */
export function likeness(a: PageSketch, b: PageSketch): number {
  if (a.length === 0 && b.length === 0) return 1;
  let i = 0;
  let j = 0;
  let union = 0;
  let shared = 0;
  while (union < SKETCH_SIZE && (i < a.length || j < b.length)) {
    const x = a[i] ?? Number.POSITIVE_INFINITY;
    const y = b[j] ?? Number.POSITIVE_INFINITY;
    if (x === y) {
      shared++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
    union++;
  }
  return union === 0 ? 1 : shared / union;
}

/** 32-bit FNV-1a: fast, well spread for short strings, and the same in every process. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

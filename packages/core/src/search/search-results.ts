import type { Document, DocumentMetadata } from '../document.js';
import { isTrawlError } from '../errors.js';
import type { Format } from '../options.js';
import type { SearchHit } from '../ports/search.js';
import { normalizeUrl } from '../url/normalize.js';

/** One search result: the hit's fields, plus the page's formats and metadata once scraped. */
export interface SearchResultItem extends Partial<Omit<Document, 'metadata'>> {
  url: string;
  title: string;
  description: string;
  /** Present when the hit was scraped; holds `statusCode` and `error` when the scrape failed. */
  metadata?: DocumentMetadata;
}

export interface SearchOutcome {
  data: SearchResultItem[];
  /** Set when fewer hits came back than were asked for, or no hit could be scraped. */
  warning?: string;
}

export const NO_RESULTS_WARNING = 'No search results found';
export const NO_CONTENT_WARNING = 'No content found in search results';

/** Keeps the first hit of each page, drops what is not an http(s) URL, and caps at `limit`. */
export function usableHits(hits: readonly SearchHit[], limit: number): SearchHit[] {
  const seen = new Set<string>();
  const kept: SearchHit[] = [];
  for (const hit of hits) {
    if (kept.length >= limit) break;
    let key: string;
    try {
      key = normalizeUrl(hit.url);
    } catch {
      continue;
    }
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push({ ...hit, title: hit.title ?? '', description: hit.description ?? '' });
  }
  return kept;
}

export function hitOnly(hit: SearchHit): SearchResultItem {
  return { url: hit.url, title: hit.title, description: hit.description };
}

/** A scraped hit: the search fields first, filled from the page when the provider gave none. */
export function scrapedResult(hit: SearchHit, document: Document): SearchResultItem {
  return {
    ...document,
    url: hit.url,
    title: hit.title || document.metadata.title || '',
    description: hit.description || document.metadata.description || '',
  };
}

/** A hit whose scrape failed keeps its search fields; the failure goes in its metadata. */
export function failedResult(hit: SearchHit, error: unknown): SearchResultItem {
  const message = error instanceof Error ? error.message : String(error);
  return {
    ...hitOnly(hit),
    metadata: {
      title: hit.title,
      description: hit.description,
      sourceURL: hit.url,
      url: hit.url,
      statusCode: isTrawlError(error) ? error.status : 500,
      error: message,
    },
  };
}

/** Whether a document the provider already holds can stand in for a fresh scrape. */
export function coversFormats(document: Document | undefined, formats: readonly Format[]): document is Document {
  if (!document) return false;
  return formats.every((format) => {
    if (format === 'screenshot@fullPage') return document.screenshot !== undefined;
    return document[format] !== undefined;
  });
}

export function searchWarning(asked: number, data: readonly SearchResultItem[], scraped: boolean): string | undefined {
  if (data.length === 0) return NO_RESULTS_WARNING;
  const notes: string[] = [];
  if (data.length < asked) notes.push(`Only ${data.length} of the ${asked} results asked for were found`);
  if (scraped && data.every((item) => item.metadata?.error !== undefined)) notes.push(NO_CONTENT_WARNING);
  return notes.length ? notes.join('. ') : undefined;
}

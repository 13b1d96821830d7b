import { normalizeUrl, type Document } from '@trawl/core';
import type { DocumentEntry } from '@trawl/core/ports';

/** What the full-text index knows of one page. */
export interface SearchableFields {
  /** The normalised URL: one entry per page, however it was linked. */
  id: string;
  url: string;
  title: string;
  description: string;
  /** Words of the URL path, so `/pricing/teams` finds "pricing". */
  path: string;
  text: string;
  language: string;
  /** Epoch ms when the page was indexed (what `tbs` filters the local corpus on). */
  indexedAt: number;
}

export const DEFAULT_MAX_TEXT_CHARS = 100_000;
const EXCERPT_CHARS = 240;

/**
 * The corpus log entry for a scraped page: its final URL and a slim copy of the document
 * (capped Markdown and the metadata search needs). Error pages and pages without text are skipped.
 */
export function toCorpusEntry(document: Document, indexedAt: number, maxTextChars = DEFAULT_MAX_TEXT_CHARS): DocumentEntry | undefined {
  const { metadata } = document;
  if (metadata.statusCode >= 400 || metadata.error) return undefined;
  const markdown = (document.markdown ?? '').slice(0, maxTextChars);
  if (!markdown.trim() && !metadata.title && !metadata.description) return undefined;
  const url = metadata.url || metadata.sourceURL;
  try {
    normalizeUrl(url);
  } catch {
    return undefined;
  }
  return {
    kind: 'document',
    url,
    document: {
      markdown,
      metadata: {
        sourceURL: metadata.sourceURL,
        url,
        statusCode: metadata.statusCode,
        ...(metadata.title ? { title: metadata.title } : {}),
        ...(metadata.description ? { description: metadata.description } : {}),
        ...(metadata.language ? { language: metadata.language } : {}),
        indexedAt,
      },
    },
  };
}

export function searchableFields(entry: DocumentEntry): SearchableFields {
  const { metadata, markdown = '' } = entry.document;
  const text = plainText(markdown);
  return {
    id: normalizeUrl(entry.url),
    url: entry.url,
    title: metadata.title ?? '',
    description: metadata.description || excerpt(text, metadata.title ?? ''),
    path: pathWords(entry.url),
    text,
    language: metadata.language ?? '',
    indexedAt: typeof metadata.indexedAt === 'number' ? metadata.indexedAt : 0,
  };
}

/** Markdown without images, link targets and markup characters: the words a reader sees. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/[#>*_`~|[\]]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function pathWords(url: string): string {
  const { pathname } = new URL(url);
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape keeps the raw path.
  }
  return decoded.replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

/** The opening of the text, skipping a first line that only repeats the title. */
function excerpt(text: string, title: string): string {
  const body = title && text.startsWith(title) ? text.slice(title.length).trim() : text;
  if (body.length <= EXCERPT_CHARS) return body;
  const cut = body.lastIndexOf(' ', EXCERPT_CHARS);
  return `${body.slice(0, cut > EXCERPT_CHARS / 2 ? cut : EXCERPT_CHARS)}…`;
}

import MiniSearch, { type SearchResult } from 'minisearch';
import type { Document } from '@trawl/core';
import type { DocumentEntry, SearchHit, SearchOptions, SearchProvider, Store } from '@trawl/core/ports';
import { parseTbs, rangeDates } from '../providers/tbs.js';
import { DEFAULT_MAX_TEXT_CHARS, searchableFields, toCorpusEntry, type SearchableFields } from './corpus-entry.js';

export interface LocalIndexOptions {
  /** Where the corpus lives: the same Store the server or crawl uses (memory, SQLite, Redis…). */
  store: Store;
  /** Name of the corpus (default `default`); a server may keep one per team. */
  corpus?: string;
  /** Characters of each page's Markdown kept and indexed (default 100000). */
  maxTextChars?: number;
  /** Clock, for tests. */
  now?: () => number;
}

/** The result log id under which a corpus lives in the Store (never a job id, so never swept). */
export function corpusLogId(corpus: string): string {
  return `trawl-search-corpus:${corpus}`;
}

const READ_BATCH = { maxCount: 500, maxBytes: 16 * 1024 * 1024 };
const DAY_MS = 86_400_000;
const SAME_LANGUAGE_BOOST = 1.5;

/**
 * A full-text index (BM25, via MiniSearch) of the pages this instance scraped, usable offline.
 * The Store's result log under `corpusLogId(corpus)` is the source of truth: `indexDocument`
 * appends a slim copy of the page there, and every instance replays the log into its in-memory
 * index, catching up before each search, so servers and workers sharing a Store share a corpus
 * and a restart loses nothing. A page indexed again replaces its earlier version.
 */
export class LocalIndex implements SearchProvider {
  readonly name = 'local';
  readonly corpus: string;
  private readonly store: Store;
  private readonly logId: string;
  private readonly maxTextChars: number;
  private readonly now: () => number;
  private readonly index = new MiniSearch<SearchableFields>({
    fields: ['title', 'description', 'path', 'text'],
    storeFields: ['url', 'title', 'description', 'language', 'indexedAt'],
  });
  /** Log position of each page's latest entry, to read its stored document back. */
  private readonly positions = new Map<string, number>();
  /** Next log position to replay. */
  private replayed = 0;
  /** Catch-ups run one after another, so entries are applied once and in order. */
  private catchingUp: Promise<void> = Promise.resolve();

  constructor(options: LocalIndexOptions) {
    this.store = options.store;
    this.corpus = options.corpus ?? 'default';
    this.logId = corpusLogId(this.corpus);
    this.maxTextChars = options.maxTextChars ?? DEFAULT_MAX_TEXT_CHARS;
    this.now = options.now ?? Date.now;
  }

  /** Pages in the index (after the last catch-up). */
  get size(): number {
    return this.index.documentCount;
  }

  /**
   * Adds a scraped page to the corpus: the hook a server's worker calls on each `page` event.
   * Resolves false, storing nothing, for error pages and pages without text.
   */
  async indexDocument(document: Document): Promise<boolean> {
    const entry = toCorpusEntry(document, this.now(), this.maxTextChars);
    if (!entry) return false;
    await this.store.results.append(this.logId, [entry]);
    await this.sync();
    return true;
  }

  /** Applies what was added to the corpus since the last catch-up, by any process. */
  sync(): Promise<void> {
    const run = this.catchingUp.then(() => this.catchUp());
    this.catchingUp = run.catch(() => undefined);
    return run;
  }

  /**
   * Best matches first (BM25 over title, description, URL path and text). Every query word must
   * match when enough pages do; otherwise pages matching any word fill the rest. `lang` ranks
   * pages in that language higher, `tbs` keeps pages indexed within the range, and `country` and
   * `location` are ignored. Hits carry the stored page as `document` (Markdown and metadata).
   */
  async search(query: string, options: SearchOptions): Promise<SearchHit[]> {
    await this.sync();
    options.signal?.throwIfAborted();
    const filter = this.timeFilter(options.tbs);
    const lang = options.lang?.toLowerCase().split(/[-_]/)[0];
    const searchOptions = {
      boost: { title: 3, path: 2, description: 1.5 },
      prefix: (term: string) => term.length >= 3,
      fuzzy: (term: string) => (term.length >= 5 ? 0.2 : false),
      ...(filter ? { filter } : {}),
      ...(lang
        ? {
            boostDocument: (_id: unknown, _term: string, stored?: Record<string, unknown>) =>
              String(stored?.language ?? '')
                .toLowerCase()
                .startsWith(lang)
                ? SAME_LANGUAGE_BOOST
                : 1,
          }
        : {}),
    };
    const matches = this.index.search(query, { ...searchOptions, combineWith: 'AND' });
    if (matches.length < options.limit) {
      const found = new Set(matches.map((m) => m.id as string));
      matches.push(...this.index.search(query, { ...searchOptions, combineWith: 'OR' }).filter((m) => !found.has(m.id as string)));
    }
    return Promise.all(matches.slice(0, options.limit).map((match) => this.toHit(match)));
  }

  private async catchUp(): Promise<void> {
    for (;;) {
      const page = await this.store.results.read(this.logId, { offset: this.replayed, ...READ_BATCH });
      page.entries.forEach((entry, i) => {
        if (entry.kind === 'document') this.apply(entry, this.replayed + i);
      });
      this.replayed += page.entries.length;
      if (page.next === null || page.entries.length === 0) return;
    }
  }

  private apply(entry: DocumentEntry, position: number): void {
    const fields = searchableFields(entry);
    if (this.index.has(fields.id)) this.index.replace(fields);
    else this.index.add(fields);
    this.positions.set(fields.id, position);
  }

  private async toHit(match: SearchResult): Promise<SearchHit> {
    const hit: SearchHit = { url: String(match.url), title: String(match.title ?? ''), description: String(match.description ?? '') };
    const document = await this.storedDocument(match.id as string);
    return document ? { ...hit, document } : hit;
  }

  private async storedDocument(id: string): Promise<Document | undefined> {
    const position = this.positions.get(id);
    if (position === undefined) return undefined;
    const { entries } = await this.store.results.read(this.logId, { offset: position, maxCount: 1, maxBytes: 1 });
    const entry = entries[0];
    if (entry?.kind !== 'document') return undefined;
    const { indexedAt: _indexedAt, ...metadata } = entry.document.metadata;
    return { ...entry.document, metadata };
  }

  /** Keeps pages indexed within the `tbs` range; a custom range's last day counts in full. */
  private timeFilter(tbs: string | undefined): ((result: SearchResult) => boolean) | undefined {
    const range = parseTbs(tbs);
    if (!range) return undefined;
    const { from, to } = rangeDates(range, new Date(this.now()));
    const after = from?.getTime() ?? -Infinity;
    const before = range.kind === 'between' && to ? to.getTime() + DAY_MS : Infinity;
    return (result) => {
      const at = Number(result.indexedAt);
      return at >= after && at < before;
    };
  }
}

/** One LocalIndex per corpus over one Store, created on first use. */
export interface LocalIndexes {
  get(corpus?: string): LocalIndex;
  /** `get(corpus).indexDocument(document)`. */
  indexDocument(document: Document, corpus?: string): Promise<boolean>;
}

export function createLocalIndexes(options: Omit<LocalIndexOptions, 'corpus'>): LocalIndexes {
  const indexes = new Map<string, LocalIndex>();
  const get = (corpus = 'default') => {
    let index = indexes.get(corpus);
    if (!index) {
      index = new LocalIndex({ ...options, corpus });
      indexes.set(corpus, index);
    }
    return index;
  };
  return { get, indexDocument: (document, corpus) => get(corpus).indexDocument(document) };
}

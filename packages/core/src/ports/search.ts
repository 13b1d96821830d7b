/**
 * The SearchProvider port: a web search (or a search over a local corpus) that answers a query
 * with hits. `@trawl/search` implements it for SearXNG, Brave, Serper, DuckDuckGo and a local
 * full-text index; `searchAndScrape` turns hits into documents. Users can plug in their own.
 */
import type { Document } from '../document.js';

export interface SearchOptions {
  /** Hits wanted at most; a provider may return fewer, never more. */
  limit: number;
  /** Language of results, ISO 639-1 (`en`). Providers that cannot honour it ignore it. */
  lang?: string;
  /** Country of results, ISO 3166-1 alpha-2 in any case (`us`). */
  country?: string;
  /** Free-text place to search from (`Berlin, Germany`), for providers that localise results. */
  location?: string;
  /**
   * Time range in Google's `tbs` syntax: `qdr:h|d|w|m|y` (past hour … year) or
   * `cdr:1,cd_min:M/D/YYYY,cd_max:M/D/YYYY`. Each provider maps what it can.
   */
  tbs?: string;
  /** Milliseconds the provider may spend; it should give up (reject) by then. */
  timeoutMs?: number;
  /** Aborts the search; `searchAndScrape` passes one that carries its deadline. */
  signal?: AbortSignal;
}

export interface SearchHit {
  url: string;
  /** Empty when the provider gave none. */
  title: string;
  /** The provider's snippet; empty when it gave none. */
  description: string;
  /**
   * Content the provider already holds for this URL (the local index keeps what it indexed).
   * `searchAndScrape` uses it instead of fetching the page when it has every requested format.
   */
  document?: Document;
}

export interface SearchProvider {
  /** Short name for logs and errors (`searxng`, `brave`, `local`…). */
  readonly name?: string;
  search(query: string, options: SearchOptions): Promise<SearchHit[]>;
  /**
   * The provider as one team sees it. A provider whose corpus is made of teams' own pages (the
   * local index) answers with that team's pages alone; the API and its jobs search through
   * `forTeam` whenever it is there (`teamRuntime`), so one team never finds another's pages.
   * Providers that search the web have none.
   */
  forTeam?(teamId: string): SearchProvider;
}

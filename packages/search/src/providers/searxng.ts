import type { SearchHit, SearchOptions, SearchProvider } from '@trawl/core/ports';
import { arrayAt, providerRequest, readJson, stringField } from './request.js';
import { coveringPeriod, parseTbs } from './tbs.js';

export interface SearxngOptions {
  /** The instance's base URL (`http://searxng:8080`); `/search` is appended unless present. */
  endpoint: string;
  /** Comma-separated SearXNG engines to ask (default: the instance's own choice). */
  engines?: string;
  /** Comma-separated categories (default `general`). */
  categories?: string;
  /** Result pages read at most to reach `limit` (default 3; SearXNG pages hold about 10 to 20). */
  maxPages?: number;
}

/**
 * SearXNG's JSON API (the instance must list `json` under `search.formats`). Maps `lang` and
 * `country` to `language` (`en-US`), and `tbs` to `time_range` (day, week, month, year, widened
 * to the smallest that covers it; custom date ranges are ignored). `location` is ignored.
 */
export function searxngProvider(options: SearxngOptions): SearchProvider {
  const url = new URL(options.endpoint);
  if (!/\/search\/?$/.test(url.pathname)) url.pathname = `${url.pathname.replace(/\/$/, '')}/search`;
  const maxPages = options.maxPages ?? 3;
  return {
    name: 'searxng',
    async search(query: string, opts: SearchOptions): Promise<SearchHit[]> {
      const hits: SearchHit[] = [];
      const seen = new Set<string>();
      for (let page = 1; page <= maxPages && hits.length < opts.limit; page++) {
        const request = new URL(url);
        for (const [key, value] of Object.entries(searxngParams(query, opts, page, options))) request.searchParams.set(key, value);
        const response = await providerRequest({
          provider: 'searxng',
          url: request,
          init: { headers: { accept: 'application/json' } },
          signal: opts.signal,
          timeoutMs: opts.timeoutMs,
        });
        const results = arrayAt(await readJson('searxng', response), 'results');
        const before = hits.length;
        for (const result of results) {
          const link = stringField(result, 'url');
          if (!link || seen.has(link)) continue;
          seen.add(link);
          hits.push({ url: link, title: stringField(result, 'title'), description: stringField(result, 'content') });
        }
        if (hits.length === before) break;
      }
      return hits.slice(0, opts.limit);
    },
  };
}

/** The query-string parameters of one SearXNG request (pure, for tests and docs). */
export function searxngParams(
  query: string,
  opts: SearchOptions,
  page: number,
  config: Pick<SearxngOptions, 'engines' | 'categories'> = {},
): Record<string, string> {
  const params: Record<string, string> = { q: query, format: 'json', pageno: String(page) };
  if (opts.lang) params.language = opts.country ? `${opts.lang.toLowerCase()}-${opts.country.toUpperCase()}` : opts.lang.toLowerCase();
  const period = coveringPeriod(parseTbs(opts.tbs) ?? { kind: 'between' });
  if (period) params.time_range = period;
  if (config.categories) params.categories = config.categories;
  if (config.engines) params.engines = config.engines;
  return params;
}

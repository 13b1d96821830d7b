import type { SearchHit, SearchOptions, SearchProvider } from '@trawl/core/ports';
import { arrayAt, providerRequest, readJson, stringField } from './request.js';
import { isoDay, parseTbs, rangeDates, type TimeRange } from './tbs.js';

export const BRAVE_API_URL = 'https://api.search.brave.com/res/v1/web/search';
/** Brave returns at most 20 web results per request. */
const BRAVE_MAX_COUNT = 20;

export interface BraveOptions {
  apiKey: string;
  /** Web search endpoint (default Brave's; tests point it at a stand-in). */
  apiUrl?: string;
}

/**
 * Brave Search API (web search). Maps `lang` to `search_lang`, `country` to `country`, and `tbs` to
 * `freshness` (`pd`, `pw`, `pm`, `py`, or a `YYYY-MM-DDtoYYYY-MM-DD` range). `location` is ignored.
 */
export function braveProvider(options: BraveOptions): SearchProvider {
  const endpoint = new URL(options.apiUrl ?? BRAVE_API_URL);
  return {
    name: 'brave',
    async search(query: string, opts: SearchOptions): Promise<SearchHit[]> {
      const url = new URL(endpoint);
      for (const [key, value] of Object.entries(braveParams(query, opts))) url.searchParams.set(key, value);
      const response = await providerRequest({
        provider: 'brave',
        url,
        init: { headers: { accept: 'application/json', 'x-subscription-token': options.apiKey } },
        signal: opts.signal,
        timeoutMs: opts.timeoutMs,
        credentialHint: 'BRAVE_API_KEY',
      });
      const results = arrayAt(await readJson('brave', response), 'web', 'results');
      return results
        .map((r) => ({
          url: stringField(r, 'url'),
          title: stripTags(stringField(r, 'title')),
          description: stripTags(stringField(r, 'description')),
        }))
        .filter((hit) => hit.url)
        .slice(0, opts.limit);
    },
  };
}

export function braveParams(query: string, opts: SearchOptions, now = new Date()): Record<string, string> {
  const params: Record<string, string> = { q: query, count: String(Math.min(opts.limit, BRAVE_MAX_COUNT)) };
  if (opts.lang) params.search_lang = opts.lang.toLowerCase();
  if (opts.country) params.country = opts.country.toUpperCase();
  const range = parseTbs(opts.tbs);
  if (range) params.freshness = freshness(range, now);
  return params;
}

const PERIODS: Record<string, string> = { day: 'pd', week: 'pw', month: 'pm', year: 'py' };

function freshness(range: TimeRange, now: Date): string {
  if (range.kind === 'past' && range.count === 1 && PERIODS[range.unit]) return PERIODS[range.unit] as string;
  if (range.kind === 'past' && range.unit === 'hour') return 'pd';
  const { from, to } = rangeDates(range, now);
  return `${isoDay(from ?? new Date(0))}to${isoDay(to ?? now)}`;
}

/** Brave marks matched words with <strong>; hits carry plain text. */
function stripTags(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

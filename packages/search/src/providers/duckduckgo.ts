import { TrawlError } from '@trawl/core';
import type { SearchHit, SearchOptions, SearchProvider } from '@trawl/core/ports';
import { parseDuckDuckGoPage } from './duckduckgo-page.js';
import { providerRequest } from './request.js';
import { coveringPeriod, parseTbs } from './tbs.js';

export const DUCKDUCKGO_HTML_URL = 'https://html.duckduckgo.com/html/';
/** DuckDuckGo's bot check turns away user agents that do not look like a browser. */
const BROWSER_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const PERIODS = { day: 'd', week: 'w', month: 'm', year: 'y' } as const;
/** DuckDuckGo's region codes mostly read `<country>-<language>`; these countries differ. */
const REGION_COUNTRY: Record<string, string> = { gb: 'uk' };
/**
 * DuckDuckGo is the default because it needs no key, so it is the provider an offline machine
 * meets first: its failures name the one that needs no network.
 */
export const OFFLINE_SEARCH_HINT =
  'without internet access, TRAWL_SEARCH_PROVIDER=local searches the pages this Trawl has scraped (or set SEARXNG_ENDPOINT, BRAVE_API_KEY or SERPER_API_KEY)';

export interface DuckDuckGoOptions {
  /** The no-JavaScript result page (default DuckDuckGo's; tests point it at a stand-in). */
  htmlUrl?: string;
  userAgent?: string;
  /** Result pages read at most to reach `limit` (default 3; a page holds about 10 results). */
  maxPages?: number;
}

/**
 * DuckDuckGo's HTML endpoint: no key, the default for the web. Maps `country` and `lang` to the
 * region `kl` (`us-en`; no country means all regions) and `tbs` to `df` (d, w, m, y, widened to
 * the smallest that covers it). Custom date ranges and `location` are ignored.
 */
export function duckDuckGoProvider(options: DuckDuckGoOptions = {}): SearchProvider {
  const endpoint = new URL(options.htmlUrl ?? DUCKDUCKGO_HTML_URL);
  const maxPages = options.maxPages ?? 3;
  return {
    name: 'duckduckgo',
    async search(query: string, opts: SearchOptions): Promise<SearchHit[]> {
      const hits: SearchHit[] = [];
      let form: Record<string, string> | undefined = duckDuckGoForm(query, opts);
      for (let page = 1; form && page <= maxPages && hits.length < opts.limit; page++) {
        const response = await providerRequest({
          provider: 'duckduckgo',
          url: endpoint,
          init: {
            method: 'POST',
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              'user-agent': options.userAgent ?? BROWSER_USER_AGENT,
              accept: 'text/html',
              referer: `${endpoint.origin}/`,
              ...(opts.lang ? { 'accept-language': opts.lang } : {}),
            },
            body: new URLSearchParams(form).toString(),
          },
          signal: opts.signal,
          timeoutMs: opts.timeoutMs,
          unreachableHint: OFFLINE_SEARCH_HINT,
        });
        const parsed = parseDuckDuckGoPage(await response.text(), endpoint.href);
        if (parsed.blocked && parsed.hits.length === 0 && hits.length === 0) {
          throw new TrawlError(
            'SEARCH_PROVIDER_ERROR',
            'DuckDuckGo answered with its bot check instead of results; configure SearXNG, Brave or Serper for dependable search',
          );
        }
        const before = hits.length;
        for (const hit of parsed.hits) if (!hits.some((h) => h.url === hit.url)) hits.push(hit);
        form = hits.length > before ? parsed.next : undefined;
      }
      return hits.slice(0, opts.limit);
    },
  };
}

/** The form fields of the first result page (pure, for tests and docs). */
export function duckDuckGoForm(query: string, opts: SearchOptions): Record<string, string> {
  const form: Record<string, string> = { q: query, b: '', kl: duckDuckGoRegion(opts.country, opts.lang) };
  const period = coveringPeriod(parseTbs(opts.tbs) ?? { kind: 'between' });
  if (period) form.df = PERIODS[period];
  return form;
}

export function duckDuckGoRegion(country: string | undefined, lang: string | undefined): string {
  if (!country) return 'wt-wt';
  const c = country.toLowerCase();
  return `${REGION_COUNTRY[c] ?? c}-${(lang ?? c).toLowerCase().split(/[-_]/)[0]}`;
}

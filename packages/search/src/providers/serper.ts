import type { SearchHit, SearchOptions, SearchProvider } from '@trawl/core/ports';
import { arrayAt, providerRequest, readJson, stringField } from './request.js';

export const SERPER_API_URL = 'https://google.serper.dev/search';

export interface SerperOptions {
  apiKey: string;
  /** Search endpoint (default Serper's; tests point it at a stand-in). */
  apiUrl?: string;
}

/** Serper (Google results). Every option maps directly: `hl`, `gl`, `location` and `tbs`. */
export function serperProvider(options: SerperOptions): SearchProvider {
  const endpoint = new URL(options.apiUrl ?? SERPER_API_URL);
  return {
    name: 'serper',
    async search(query: string, opts: SearchOptions): Promise<SearchHit[]> {
      const response = await providerRequest({
        provider: 'serper',
        url: endpoint,
        init: {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', 'x-api-key': options.apiKey },
          body: JSON.stringify(serperBody(query, opts)),
        },
        signal: opts.signal,
        timeoutMs: opts.timeoutMs,
        credentialHint: 'SERPER_API_KEY',
      });
      return arrayAt(await readJson('serper', response), 'organic')
        .map((r) => ({ url: stringField(r, 'link'), title: stringField(r, 'title'), description: stringField(r, 'snippet') }))
        .filter((hit) => hit.url)
        .slice(0, opts.limit);
    },
  };
}

export function serperBody(query: string, opts: SearchOptions): Record<string, string | number> {
  return {
    q: query,
    num: opts.limit,
    ...(opts.lang ? { hl: opts.lang.toLowerCase() } : {}),
    ...(opts.country ? { gl: opts.country.toLowerCase() } : {}),
    ...(opts.location ? { location: opts.location } : {}),
    ...(opts.tbs ? { tbs: opts.tbs } : {}),
  };
}

import { escapeHtml, hitsFor, sendJson, startStandInServer, type StandIn, type StandInOptions } from './stand-in-server.js';

export const STAND_IN_BRAVE_KEY = 'stand-in-brave-key';

/**
 * Brave's web search: `GET /res/v1/web/search?q=…&count=N` with `X-Subscription-Token`; answers
 * `{type: "search", web: {results: [{title, url, description}]}}` with <strong> around query words,
 * and Brave's 401 error body for a wrong token.
 */
export async function startBraveStandIn(options: StandInOptions & { apiKey?: string }): Promise<StandIn> {
  const apiKey = options.apiKey ?? STAND_IN_BRAVE_KEY;
  const server = await startStandInServer(({ url, headers }, res) => {
    if (url.pathname !== '/res/v1/web/search')
      return sendJson(res, 404, { type: 'ErrorResponse', error: { status: 404, code: 'NOT_FOUND', detail: 'Not found' } });
    if (headers['x-subscription-token'] !== apiKey) {
      return sendJson(res, 401, {
        type: 'ErrorResponse',
        error: {
          id: 'stand-in',
          status: 401,
          code: 'SUBSCRIPTION_TOKEN_INVALID',
          detail: 'The provided subscription token is invalid.',
          meta: { component: 'authentication' },
        },
        time: Math.floor(Date.now() / 1000),
      });
    }
    const query = url.searchParams.get('q') ?? '';
    const count = Math.min(20, Number(url.searchParams.get('count') ?? 20));
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    const results = hitsFor(options, query)
      .slice(0, count)
      .map((hit) => {
        const parsed = new URL(hit.url);
        return {
          type: 'search_result',
          title: hit.title,
          url: hit.url,
          description: emphasise(hit.description, words),
          is_source_local: false,
          is_source_both: false,
          language: 'en',
          family_friendly: true,
          profile: { name: parsed.hostname, url: hit.url, long_name: parsed.hostname, img: '' },
          meta_url: {
            scheme: parsed.protocol.slice(0, -1),
            netloc: parsed.host,
            hostname: parsed.hostname,
            favicon: '',
            path: parsed.pathname,
          },
        };
      });
    sendJson(res, 200, {
      type: 'search',
      query: {
        original: query,
        show_strict_warning: false,
        is_navigational: false,
        country: url.searchParams.get('country') ?? 'us',
        more_results_available: false,
      },
      mixed: { type: 'mixed', main: results.map((_, index) => ({ type: 'web', index, all: false })), top: [], side: [] },
      web: { type: 'search', results, family_friendly: true },
    });
  }, options.delayMs);
  return { ...server, env: { BRAVE_API_KEY: apiKey, BRAVE_API_URL: `${server.origin}/res/v1/web/search` } };
}

/** Brave wraps matched words in <strong> and escapes the rest as HTML. */
function emphasise(text: string, words: readonly string[]): string {
  return escapeHtml(text).replace(/[\p{L}\p{N}]+/gu, (word) => (words.includes(word.toLowerCase()) ? `<strong>${word}</strong>` : word));
}

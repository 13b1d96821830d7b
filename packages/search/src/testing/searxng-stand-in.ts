import { hitsFor, sendJson, startStandInServer, type StandIn, type StandInOptions } from './stand-in-server.js';

const PAGE_SIZE = 10;

/**
 * A SearXNG instance's JSON API: `GET /search?q=…&format=json&pageno=N`, ten results a page,
 * 403 unless `format=json` (as an instance without the JSON format enabled answers).
 */
export async function startSearxngStandIn(options: StandInOptions): Promise<StandIn> {
  const server = await startStandInServer(({ url }, res) => {
    if (url.pathname !== '/search' && url.pathname !== '/') return sendJson(res, 404, { error: 'not found' });
    if (url.searchParams.get('format') !== 'json') return sendJson(res, 403, { error: 'format not allowed' });
    const query = url.searchParams.get('q') ?? '';
    const page = Math.max(1, Number(url.searchParams.get('pageno') ?? 1));
    const all = hitsFor(options, query);
    const results = all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((hit, i) => {
      const parsed = new URL(hit.url);
      return {
        url: hit.url,
        title: hit.title,
        content: hit.description,
        engine: 'duckduckgo',
        parsed_url: [parsed.protocol.slice(0, -1), parsed.host, parsed.pathname, '', parsed.search.slice(1), parsed.hash.slice(1)],
        template: 'default.html',
        engines: ['duckduckgo', 'brave'],
        positions: [(page - 1) * PAGE_SIZE + i + 1],
        publishedDate: null,
        score: 2 / ((page - 1) * PAGE_SIZE + i + 1),
        category: 'general',
      };
    });
    sendJson(res, 200, {
      query,
      number_of_results: all.length,
      results,
      answers: [],
      corrections: [],
      infoboxes: [],
      suggestions: [],
      unresponsive_engines: [],
    });
  }, options.delayMs);
  return { ...server, env: { SEARXNG_ENDPOINT: server.origin } };
}

import { hitsFor, sendJson, startStandInServer, type StandIn, type StandInOptions } from './stand-in-server.js';

export const STAND_IN_SERPER_KEY = 'stand-in-serper-key';

/**
 * Serper's Google search: `POST /search` with a JSON body `{q, num, gl, hl, location, tbs}` and
 * `X-API-KEY`; answers `{searchParameters, organic: [{title, link, snippet, position}], credits}`.
 */
export async function startSerperStandIn(options: StandInOptions & { apiKey?: string }): Promise<StandIn> {
  const apiKey = options.apiKey ?? STAND_IN_SERPER_KEY;
  const server = await startStandInServer(({ method, url, headers, body }, res) => {
    if (url.pathname !== '/search' || method !== 'POST') return sendJson(res, 404, { message: 'Not found', statusCode: 404 });
    if (headers['x-api-key'] !== apiKey) return sendJson(res, 403, { message: 'Unauthorized.', statusCode: 403 });
    let params: Record<string, unknown>;
    try {
      params = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return sendJson(res, 400, { message: 'Invalid JSON body', statusCode: 400 });
    }
    const query = typeof params.q === 'string' ? params.q : '';
    const num = typeof params.num === 'number' ? params.num : 10;
    const organic = hitsFor(options, query)
      .slice(0, num)
      .map((hit, i) => ({ title: hit.title, link: hit.url, snippet: hit.description, position: i + 1 }));
    sendJson(res, 200, {
      searchParameters: { ...params, type: 'search', engine: 'google' },
      organic,
      peopleAlsoAsk: [],
      relatedSearches: [],
      credits: 1,
    });
  }, options.delayMs);
  return { ...server, env: { SERPER_API_KEY: apiKey, SERPER_API_URL: `${server.origin}/search` } };
}

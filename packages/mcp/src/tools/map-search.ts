import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { asTool, callApi } from '../api-call.js';
import type { ToolContext } from '../context.js';
import { scrapeBody, withoutEmpty } from '../firecrawl-args.js';
import { cutNote, cutText } from '../render/cut.js';
import { renderMap, renderSearch, type MapLink, type SearchAnswer } from '../render/results.js';
import { mapShape, searchShape } from '../tool-schemas.js';
import { READ_ONLY_WEB } from './annotations.js';

/** `firecrawl_map` and `firecrawl_search`: answers that are lists, cut (never paged again: narrow the call instead). */
export function registerMapSearchTools(server: McpServer, context: ToolContext): void {
  const cutList = (text: string) => {
    const cut = cutText(text, 0, context.limits.maxResultChars);
    return cut.text + cutNote(cut, 0, () => 'call again with a smaller "limit" or a "search" that narrows the list');
  };

  server.registerTool(
    'firecrawl_map',
    {
      title: 'Map a website',
      description: `List the URLs of a web site (from its sitemap and links), without scraping them.

Best for: finding which page to scrape, or every page of a section. With "search" the URLs related to those words come first: use it when firecrawl_scrape of a guessed URL misses what you need.
Cost: 1 credit per call.`,
      inputSchema: mapShape,
      annotations: { title: 'Map a website', ...READ_ONLY_WEB },
    },
    ({ url, ...options }) =>
      asTool(async () => {
        const answer = await callApi<{ links: MapLink[]; warning?: string }>(
          context,
          { method: 'POST', path: '/v2/map', body: { url, ...withoutEmpty(options) } },
          `Mapping ${url}`,
        );
        return cutList(renderMap(url, answer.links, answer.warning));
      }),
  );

  server.registerTool(
    'firecrawl_search',
    {
      title: 'Search the web',
      description: `Search the web and return the results (title, URL, description); with scrapeOptions {"formats": ["markdown"]} each result's page content too.

Best for: finding pages when you do not know the site. Then firecrawl_scrape the result you need, or pass scrapeOptions to get the content at once (keep "limit" small then).
Needs a search provider on the server. Cost: 1 credit per result (5 per result scraped with the json format).`,
      inputSchema: searchShape,
      annotations: { title: 'Search the web', ...READ_ONLY_WEB },
    },
    ({ query, scrapeOptions, ...options }) =>
      asTool(async () => {
        const body = withoutEmpty({ query, ...options, ...(scrapeOptions ? { scrapeOptions: scrapeBody(scrapeOptions) } : {}) });
        const answer = await callApi<SearchAnswer>(context, { method: 'POST', path: '/v2/search', body }, `Searching for "${query}"`);
        return cutList(renderSearch(query, answer));
      }),
  );
}

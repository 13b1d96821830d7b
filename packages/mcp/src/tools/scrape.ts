import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { asTool, callApi, ToolFailure } from '../api-call.js';
import type { ToolContext } from '../context.js';
import { scrapeBody } from '../firecrawl-args.js';
import { cutNote, cutText } from '../render/cut.js';
import { renderDocument, type V2DocumentView } from '../render/document.js';
import { scrapeResultShape, scrapeShape } from '../tool-schemas.js';
import { READ_ONLY_WEB } from './annotations.js';

/** `firecrawl_scrape`, and `trawl_read_scrape` to read a long page on from the kept result. */
export function registerScrapeTools(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'firecrawl_scrape',
    {
      title: 'Scrape a URL',
      description: `Scrape one web page and return its content as Markdown (main content only by default).

Best for: one page whose URL you know. For many pages use firecrawl_batch_scrape or firecrawl_crawl; to find the page, firecrawl_map with "search" or firecrawl_search.
Use formats ["json"] with jsonOptions {prompt, schema} when you want specific data points rather than the whole page (needs a model on the server).
Long pages are cut at about ${context.limits.maxResultChars} characters; the answer ends with the trawl_read_scrape call that reads on (free: no new scrape).
Cost: 1 credit per page (5 with the json format).`,
      inputSchema: scrapeShape,
      annotations: { title: 'Scrape a URL', ...READ_ONLY_WEB },
    },
    ({ url, alexandria, requestId, ...options }, extra) =>
      asTool(async () => {
        void requestId;
        if (alexandria !== undefined)
          throw new ToolFailure(
            "alexandria calls Firecrawl's hosted capability catalogue, which Trawl does not provide: scrape the page by url",
          );
        if (!url) throw new ToolFailure('url is required: the page to scrape');
        const answer = await callApi<{ data: V2DocumentView }>(
          context,
          { method: 'POST', path: '/v2/scrape', body: { url, ...scrapeBody(options) }, signal: extra.signal },
          `Scraping ${url}`,
        );
        return pagedDocument(answer.data, 0, context.limits.maxResultChars);
      }),
  );

  server.registerTool(
    'trawl_read_scrape',
    {
      title: 'Read a scraped page on',
      description:
        'Read more of a page firecrawl_scrape already scraped, from a character offset: the cut answer names the id and offset. Reads the kept result (kept as long as jobs are); costs nothing.',
      inputSchema: scrapeResultShape,
      annotations: { title: 'Read a scraped page on', readOnlyHint: true, openWorldHint: false, destructiveHint: false },
    },
    ({ id, offset }) =>
      asTool(async () => {
        const answer = await callApi<{ data: V2DocumentView }>(
          context,
          { method: 'GET', path: `/v2/scrape/${encodeURIComponent(id)}` },
          `Reading scrape ${id}`,
        );
        return pagedDocument(answer.data, offset ?? 0, context.limits.maxResultChars);
      }),
  );
}

function pagedDocument(document: V2DocumentView, offset: number, maxChars: number): string {
  const cut = cutText(renderDocument(document), offset, maxChars);
  const id = document.metadata?.scrapeId;
  return (
    cut.text +
    cutNote(cut, offset, (next) =>
      id ? `call trawl_read_scrape with {"id": "${id}", "offset": ${next}}` : 'scrape again with fewer formats or onlyMainContent',
    )
  );
}

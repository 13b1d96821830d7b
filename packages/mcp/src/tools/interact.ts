/**
 * `firecrawl_interact` and `firecrawl_interact_stop`: go on with the page of a scrape (or of a URL,
 * scraped first) over `/v2/scrape/{id}/interact`, as firecrawl-mcp 3.26's tools of those names do.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { asTool, callApi, ToolFailure } from '../api-call.js';
import type { ToolContext } from '../context.js';
import { scrapeBody } from '../firecrawl-args.js';
import { cutNote, cutText } from '../render/cut.js';
import { fenced } from '../render/document.js';
import { interactShape, interactStopShape } from '../tool-schemas.js';

interface InteractAnswer {
  output?: string;
  result?: string;
  stdout?: string;
  stderr?: string;
  exitCode?: number;
  killed?: boolean;
}

export function registerInteractTools(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'firecrawl_interact',
    {
      title: 'Firecrawl interact',
      description: `Go on with a page in a live browser: click, type, scroll, or read what changed. Give "scrapeId" (from firecrawl_scrape; a page scraped in the browser is kept as it was left) or "url", and a "prompt" (the server model turns it into actions) or "code" (JavaScript run inside the page, only when the operator enabled it).
The page stays open for the next call with the same scrapeId until firecrawl_interact_stop or its time runs out (10 minutes by default).
This acts on the live site: submitting a form can have effects there. Cost: 2 credits per started minute of the call.`,
      inputSchema: interactShape,
      annotations: { title: 'Firecrawl interact', readOnlyHint: false, openWorldHint: true, destructiveHint: false },
    },
    ({ scrapeId, url, prompt, code, language, timeout, scrapeOptions }, extra) =>
      asTool(async () => {
        if (Boolean(scrapeId) === Boolean(url))
          throw new ToolFailure("Give either 'url' (open a page) or 'scrapeId' (an earlier scrape), not both.");
        if (!prompt && !code) throw new ToolFailure("Give either 'code' or 'prompt'.");
        if (scrapeOptions && !url) throw new ToolFailure("'scrapeOptions' go with 'url' only.");
        let id = scrapeId;
        if (!id) {
          const scraped = await callApi<{ data: { metadata?: { scrapeId?: string } } }>(
            context,
            { method: 'POST', path: '/v2/scrape', body: { url, ...scrapeBody(scrapeOptions ?? {}) }, signal: extra.signal },
            `Opening ${url}`,
          );
          id = scraped.data.metadata?.scrapeId;
          if (!id) throw new ToolFailure('The scrape answered no scrapeId to interact with.');
        }
        const body = {
          ...(prompt ? { prompt } : {}),
          ...(code ? { code, language: language ?? 'node' } : {}),
          ...(timeout ? { timeout } : {}),
        };
        const answer = await callApi<InteractAnswer>(
          context,
          { method: 'POST', path: `/v2/scrape/${encodeURIComponent(id)}/interact`, body, signal: extra.signal },
          `Interacting with scrape ${id}`,
        );
        return renderInteract(id, answer, context.limits.maxResultChars);
      }),
  );

  server.registerTool(
    'firecrawl_interact_stop',
    {
      title: 'Stop Firecrawl interact session',
      description:
        'Close the live page of a scrapeId that firecrawl_interact used, and free it. A later interact with that scrapeId fails.',
      inputSchema: interactStopShape,
      annotations: { title: 'Stop Firecrawl interact session', readOnlyHint: false, openWorldHint: false, destructiveHint: true },
    },
    ({ scrapeId }) =>
      asTool(async () => {
        const answer = await callApi(
          context,
          { method: 'DELETE', path: `/v2/scrape/${encodeURIComponent(scrapeId)}/interact` },
          `Stopping the interact session of ${scrapeId}`,
        );
        return `The interact session of scrape ${scrapeId} is stopped.\n\n${fenced('json', JSON.stringify({ ...answer, scrapeId }))}`;
      }),
  );
}

function renderInteract(scrapeId: string, answer: InteractAnswer, maxChars: number): string {
  const parts = [`Interact on scrape ${scrapeId} (exit code ${answer.exitCode ?? 0}${answer.killed ? ', killed at its timeout' : ''}).`];
  if (answer.output) parts.push(`## Output\n\n${answer.output}`);
  if (answer.result !== undefined) parts.push(`## Result\n\n${fenced('json', answer.result)}`);
  if (answer.stdout) parts.push(`## stdout\n\n${fenced('text', answer.stdout)}`);
  if (answer.stderr) parts.push(`## stderr\n\n${fenced('text', answer.stderr)}`);
  parts.push(`Go on with firecrawl_interact {"scrapeId": "${scrapeId}"}; close it with firecrawl_interact_stop.`);
  const cut = cutText(parts.join('\n\n'), 0, maxChars);
  return cut.text + cutNote(cut, 0, () => 'ask for less');
}

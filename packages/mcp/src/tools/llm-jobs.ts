/** `firecrawl_extract` and `firecrawl_generate_llmstxt`: jobs the tool starts and waits for. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { asTool, callApi, ToolFailure } from '../api-call.js';
import type { ToolContext } from '../context.js';
import { withoutEmpty } from '../firecrawl-args.js';
import { cutNote, cutText } from '../render/cut.js';
import { renderExtract, renderLlmsTxt, type ExtractAnswer, type LlmsTxtAnswer } from '../render/results.js';
import { extractShape, llmsTxtShape } from '../tool-schemas.js';
import { waitForJob, type ToolExtra } from '../wait-for-job.js';
import { READ_ONLY_WEB } from './annotations.js';

export function registerLlmJobTools(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'firecrawl_extract',
    {
      title: 'Extract structured data',
      description: `Extract structured data from one or more pages with a model: give a prompt and/or a JSON schema; the answer is the JSON found.

Best for: specific facts across pages (prices, names, specifications). Not for a page's whole content (firecrawl_scrape).
Needs a model on the server. Cost: 5 credits per page read.`,
      inputSchema: extractShape,
      annotations: { title: 'Extract structured data', ...READ_ONLY_WEB },
    },
    (args, extra) =>
      asTool(async () => {
        const answer = await runJob<ExtractAnswer>(
          context,
          '/v2/extract',
          withoutEmpty(args),
          `extract from ${args.urls.length} URL(s)`,
          extra,
        );
        return cutAnswer(context, renderExtract(args.urls, answer));
      }),
  );

  server.registerTool(
    'firecrawl_generate_llmstxt',
    {
      title: 'Generate llms.txt',
      description: `Write an llms.txt for a site: a Markdown index of its pages with a line on each (and, with showFullText, llms-full.txt with every page in full).

Uses the model on the server for the descriptions when there is one, else the pages' own titles and descriptions. Cost: 1 credit per page read, plus 1.`,
      inputSchema: llmsTxtShape,
      annotations: { title: 'Generate llms.txt', ...READ_ONLY_WEB },
    },
    (args, extra) =>
      asTool(async () => {
        const answer = await runJob<LlmsTxtAnswer>(context, '/v1/llmstxt', withoutEmpty(args), `llms.txt of ${args.url}`, extra);
        return cutAnswer(context, renderLlmsTxt(args.url, answer));
      }),
  );
}

async function runJob<T>(context: ToolContext, path: string, body: Record<string, unknown>, label: string, extra: ToolExtra): Promise<T> {
  const started = await callApi<{ id: string }>(context, { method: 'POST', path, body }, `Starting the ${label}`);
  const outcome = await waitForJob(context, started.id, label, extra);
  if (outcome.gaveUp) throw new ToolFailure(`The ${label} (job ${started.id}) is still running (stopped waiting: ${outcome.gaveUp}).`);
  return callApi<T>(context, { method: 'GET', path: `${path}/${started.id}` }, `The ${label}`);
}

function cutAnswer(context: ToolContext, text: string): string {
  const cut = cutText(text, 0, context.limits.maxResultChars);
  return cut.text + cutNote(cut, 0, () => 'ask for less (fewer URLs, a narrower schema or maxUrls)');
}

/** `firecrawl_agent` and `firecrawl_agent_status`: firecrawl-mcp's research agent, over `/v2/agent`. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { asTool, callApi } from '../api-call.js';
import type { ToolContext } from '../context.js';
import { withoutEmpty } from '../firecrawl-args.js';
import { cutNote, cutText } from '../render/cut.js';
import { renderAgentStatus, type AgentStatusView } from '../render/agent.js';
import { fenced } from '../render/document.js';
import { agentShape, agentStatusShape } from '../tool-schemas.js';
import { STARTS_JOB } from './annotations.js';

export function registerAgentTools(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'firecrawl_agent',
    {
      title: 'Firecrawl agent',
      description: `Run web research that returns structured data when the URLs are not known or the answer spans several pages. Describe the fields you need in "prompt", optionally pass a JSON "schema" and seed "urls"; the agent searches, maps, reads pages and answers with JSON. "effort" sets its budget of steps, time and pages, "maxCredits" caps what it spends, "strictConstrainToURLs" keeps it to the given urls.

This call answers only a job id. Read the job with firecrawl_agent_status until it is completed or failed. For one known page use firecrawl_scrape (with the json format).
Needs a model on the server that can call tools. Cost: 1 credit per step, 1 per search hit or page read, 5 per page extracted and 5 for the answer.`,
      inputSchema: agentShape,
      annotations: { title: 'Firecrawl agent', ...STARTS_JOB },
    },
    (args) =>
      asTool(async () => {
        const started = await callApi<{ id: string }>(
          context,
          { method: 'POST', path: '/v2/agent', body: withoutEmpty(args) },
          'Starting the agent',
        );
        return `Agent job ${started.id} started. Read its progress and answer with firecrawl_agent_status {"id": "${started.id}"}.\n\n${fenced('json', JSON.stringify({ success: true, id: started.id }))}`;
      }),
  );

  server.registerTool(
    'firecrawl_agent_status',
    {
      title: 'Firecrawl agent status',
      description:
        'Progress or final answer of a firecrawl_agent job by its id: its state (processing, completed, failed, cancelled), the actions taken so far, the pages read and, once completed, the JSON answer.',
      inputSchema: agentStatusShape,
      annotations: { title: 'Firecrawl agent status', readOnlyHint: true, openWorldHint: false, destructiveHint: false },
    },
    ({ id }) =>
      asTool(async () => {
        const status = await callApi<AgentStatusView>(
          context,
          { method: 'GET', path: `/v2/agent/${encodeURIComponent(id)}` },
          `The agent ${id}`,
        );
        const cut = cutText(renderAgentStatus(id, status), 0, context.limits.maxResultChars);
        return cut.text + cutNote(cut, 0, () => 'ask for a narrower schema');
      }),
  );
}

/**
 * The MCP server of one caller: every tool, bound to the caller's account, over the API's
 * in-process calls. A transport (stdio, Streamable HTTP) connects it.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Account } from '@trawl/core/server';
import { DEFAULT_LIMITS, type McpBackend, type McpLimits } from './context.js';
import { registerAgentTools } from './tools/agent.js';
import { registerInteractTools } from './tools/interact.js';
import { registerJobTools } from './tools/jobs.js';
import { registerLlmJobTools } from './tools/llm-jobs.js';
import { registerMapSearchTools } from './tools/map-search.js';
import { registerScrapeTools } from './tools/scrape.js';

export const SERVER_INFO = { name: 'trawl', title: 'Trawl', version: '0.1.0' } as const;

export interface McpServerOptions {
  /** The API whose endpoints the tools call (`createTrawlApi`'s result). */
  api: McpBackend;
  /** Whom the calls are for: their team pays the credits and counts against the rate limits. */
  account: Account;
  /** `proto://host` the client reached the server at, for URLs in answers. */
  origin?: string;
  limits?: Partial<McpLimits>;
  /** The client can answer the server's requests on this connection (stdio, not stateless HTTP). */
  answersRequests?: boolean;
}

export function createMcpServer(options: McpServerOptions): McpServer {
  const server = new McpServer(SERVER_INFO, {
    capabilities: { tools: {} },
    instructions:
      'Trawl reads the web for you: firecrawl_scrape for one page, firecrawl_map to find pages on a site, firecrawl_search to find pages anywhere, firecrawl_batch_scrape and firecrawl_crawl for many pages, firecrawl_extract for structured data, firecrawl_agent (then firecrawl_agent_status) for research across pages whose URLs are not known, firecrawl_interact (then firecrawl_interact_stop) to click and type on a page in a live browser, firecrawl_generate_llmstxt for a site index. Answers are Markdown; long ones say how to read on.',
  });
  const context = {
    api: options.api,
    account: options.account,
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    ...(options.origin ? { origin: options.origin } : {}),
    ...(options.answersRequests ? { answersRequests: true } : {}),
  };
  registerScrapeTools(server, context);
  registerJobTools(server, context);
  registerMapSearchTools(server, context);
  registerLlmJobTools(server, context);
  registerAgentTools(server, context);
  registerInteractTools(server, context);
  return server;
}

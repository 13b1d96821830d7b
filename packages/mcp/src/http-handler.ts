/**
 * MCP over Streamable HTTP as a plain `(req, res, next)` handler, mounted like `createTrawlApi`
 * (`trawl serve` serves it at `/mcp`). Stateless: each POST is authenticated with the API's own
 * keys and answered by a server bound to that caller's team, so credits, rate limits and the SSRF
 * policy are the API's. Tool calls that report progress answer as an event stream.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Account } from '@trawl/core/server';
import type { TrawlApi } from '@trawl/http';
import type { McpLimits } from './context.js';
import { createMcpServer } from './mcp-server.js';

export interface TrawlMcpOptions {
  /** The API the tools call (`createTrawlApi`'s result, or `createServer(...).api`). */
  api: Pick<TrawlApi, 'invoke' | 'store' | 'authenticate'>;
  /** The path served, after any mount prefix Express or Connect strip (default `/mcp`; `/` under `app.use('/mcp', …)`). */
  path?: string;
  limits?: Partial<McpLimits>;
  /** Where unexpected failures are reported (default: console.error). */
  logger?: { error(message: string, error?: unknown): void };
}

type Request = IncomingMessage & { body?: unknown };
export type McpHandler = (req: Request, res: ServerResponse, next?: (error?: unknown) => void) => void;

export function createTrawlMcp(options: TrawlMcpOptions): McpHandler {
  const path = options.path ?? '/mcp';
  const logger = options.logger ?? { error: (message: string, error?: unknown) => console.error(`[trawl] ${message}`, error ?? '') };

  async function serve(req: Request, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') {
      // Stateless: there is no session to stream to (GET) or end (DELETE).
      return rpcError(res, 405, 'Method not allowed: this MCP endpoint takes POST (stateless Streamable HTTP)', { allow: 'POST' });
    }
    let account: Account;
    try {
      account = await options.api.authenticate(req);
    } catch (error) {
      const status = (error as { status?: number }).status ?? 401;
      return rpcError(res, status, (error as Error).message, { 'www-authenticate': 'Bearer' });
    }
    const server = createMcpServer({ api: options.api, account, ...(options.limits ? { limits: options.limits } : {}) });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  }

  return (req, res, next) => {
    if (pathOf(req) !== path) {
      if (next) return next();
      return rpcError(res, 404, `Not found: ${req.method} ${pathOf(req)}`);
    }
    serve(req, res).catch((error) => {
      logger.error('MCP request failed', error);
      if (!res.headersSent) rpcError(res, 500, 'Internal server error');
      else res.end();
    });
  };
}

function pathOf(req: IncomingMessage): string {
  return new URL(req.url ?? '/', 'http://localhost').pathname.replace(/(.)\/+$/, '$1');
}

/** A JSON-RPC error body, as MCP clients expect from the endpoint itself. */
function rpcError(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

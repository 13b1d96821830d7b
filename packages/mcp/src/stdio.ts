/**
 * MCP over stdio (`trawl mcp`): one client, the agent that started the process. Every call runs
 * as the open team (`local`), with the server's SSRF policy, credits and limits.
 */
import process from 'node:process';
import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { OPEN_TEAM_ID } from '@trawl/http';
import type { McpBackend, McpLimits } from './context.js';
import { createMcpServer } from './mcp-server.js';

export interface StdioOptions {
  api: McpBackend;
  limits?: Partial<McpLimits>;
  stdin?: Readable;
  stdout?: Writable;
}

export interface StdioSession {
  /** Resolves when the client closes stdin or `close` is called. */
  closed: Promise<void>;
  close(): Promise<void>;
}

/** Serves over stdin and stdout; resolves once the connection is up. */
export async function serveMcpOverStdio(options: StdioOptions): Promise<StdioSession> {
  const stdin = options.stdin ?? process.stdin;
  const server = createMcpServer({
    api: options.api,
    account: { teamId: OPEN_TEAM_ID, apiKey: null },
    answersRequests: true,
    ...(options.limits ? { limits: options.limits } : {}),
  });
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = () => resolve();
  });
  await server.connect(new StdioServerTransport(stdin, options.stdout ?? process.stdout));
  // The SDK's stdio transport does not notice the end of stdin: the client going away ends the session.
  stdin.once('end', () => void server.close());
  return { closed, close: () => server.close() };
}

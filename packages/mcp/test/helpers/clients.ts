import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { trawlBin } from '@trawl/testkit';

/** A connected MCP client, as an agent holds one, and what its server wrote to stderr (stdio only). */
export interface McpClient {
  client: Client;
  /** Calls a tool and returns its text and whether it is a tool error. */
  call(name: string, args: Record<string, unknown>, options?: { onprogress?: (progress: Progress) => void }): Promise<ToolAnswer>;
  /** The text of a tool that must succeed; fails the test with the tool's error otherwise. */
  text(name: string, args: Record<string, unknown>): Promise<string>;
  stderr(): string;
  close(): Promise<void>;
}

export interface ToolAnswer {
  isError: boolean;
  text: string;
}

function wrap(client: Client, stderr: () => string): McpClient {
  const call: McpClient['call'] = async (name, args, options = {}) => {
    const result = await client.callTool({ name, arguments: args }, undefined, {
      timeout: 60_000,
      ...(options.onprogress ? { onprogress: options.onprogress, resetTimeoutOnProgress: true } : {}),
    });
    const content = result.content as Array<{ type: string; text?: string }>;
    return { isError: result.isError === true, text: content.map((part) => part.text ?? '').join('\n') };
  };
  return {
    client,
    call,
    async text(name, args) {
      const answer = await call(name, args);
      if (answer.isError) throw new Error(`${name} failed: ${answer.text}\n${stderr()}`);
      return answer.text;
    },
    stderr,
    close: () => client.close(),
  };
}

/** The MCP SDK's client over Streamable HTTP, with a bearer token when given. */
export async function httpClient(url: string, token?: string): Promise<McpClient> {
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    ...(token ? { requestInit: { headers: { authorization: `Bearer ${token}` } } } : {}),
  });
  const client = new Client({ name: 'trawl-test', version: '1.0.0' });
  await client.connect(transport);
  return wrap(client, () => '');
}

/** The MCP SDK's client over stdio to the compiled `trawl mcp`, as an agent starts it, with only `env` set. */
export async function stdioClient(env: Record<string, string>, args: readonly string[] = []): Promise<McpClient> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [trawlBin(), 'mcp', ...args],
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'trawl-test', version: '1.0.0' });
  await client.connect(transport);
  return wrap(client, () => stderr);
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { phrases, startFixtureSite, startTrawl, type FixtureSite, type WorkerProcess } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient, type McpClient } from './helpers/clients.js';

/**
 * firecrawl_interact and firecrawl_interact_stop against `trawl serve` (what `pnpm start` runs)
 * with the real Chromium and code enabled: through firecrawl-mcp 3.26 from npm over stdio, and
 * through Trawl's own MCP server at /mcp.
 */
const FIRECRAWL_MCP_BIN = fileURLToPath(new URL('../node_modules/firecrawl-mcp/dist/index.js', import.meta.url));

let site: FixtureSite;
let home: string;
let server: WorkerProcess;
let url: string;

beforeAll(async () => {
  site = await startFixtureSite();
  home = await mkdtemp(join(tmpdir(), 'trawl-interact-'));
  server = await startTrawl(['serve'], /listening on http:\/\/\S+/, {
    ...process.env,
    PORT: '0',
    TRAWL_STORE: 'memory',
    TRAWL_ALLOW_PRIVATE_NETWORK: 'true',
    TRAWL_API_KEYS: 'mcp-key:mcp-team',
    TRAWL_CHROMIUM_PATH: '/usr/bin/chromium',
    TRAWL_BROWSER_CODE: 'true',
  });
  url = /listening on (http:\/\/\S+)/.exec(server.log())![1]!;
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await site?.close();
  if (home) await rm(home, { recursive: true, force: true });
});

/** Fills the search form and submits it, answering what the page then shows. */
const SUBMIT =
  "document.getElementById('q').value = 'tugs'; document.getElementById('search').click(); return document.getElementById('result').textContent";
const READ = "return document.getElementById('result').textContent";

async function firecrawlMcp(): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [FIRECRAWL_MCP_BIN],
    env: { PATH: process.env.PATH ?? '', HOME: home, FIRECRAWL_API_URL: url, FIRECRAWL_API_KEY: 'mcp-key', FIRECRAWL_NO_TELEMETRY: '1' },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'trawl-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<{ isError: boolean; text: string }> {
  const result = await client.callTool({ name, arguments: args }, undefined, { timeout: 60_000 });
  const content = result.content as Array<{ type: string; text?: string }>;
  return { isError: result.isError === true, text: content.map((part) => part.text ?? '').join('\n') };
}

describe('interact through MCP against trawl serve', { timeout: 90_000 }, () => {
  it('firecrawl-mcp 3.26: opens a page from a url, goes on with its scrapeId, and stops it', async () => {
    const client = await firecrawlMcp();
    try {
      const opened = await call(client, 'firecrawl_interact', { url: `${site.url}/form`, code: SUBMIT, language: 'node' });
      expect(opened.isError).toBe(false);
      const first = JSON.parse(opened.text);
      expect(JSON.parse(first.result)).toBe(`${phrases.formResultPrefix}tugs`);
      const again = JSON.parse((await call(client, 'firecrawl_interact', { scrapeId: first.scrapeId, code: READ, language: 'node' })).text);
      // The same page: what the first call typed is still there.
      expect(JSON.parse(again.result)).toBe(`${phrases.formResultPrefix}tugs`);
      const stopped = await call(client, 'firecrawl_interact_stop', { scrapeId: first.scrapeId });
      expect(JSON.parse(stopped.text)).toMatchObject({ success: true, status: 'destroyed' });
      const after = await call(client, 'firecrawl_interact', { scrapeId: first.scrapeId, code: READ, language: 'node' });
      expect(after.isError).toBe(true);
      expect(after.text).toMatch(/No interactive page for this scrape/);
    } finally {
      await client.close();
    }
  });

  it("Trawl's own MCP server: the same two tools", async () => {
    const mcp: McpClient = await httpClient(`${url}/mcp`, 'mcp-key');
    try {
      const opened = await mcp.text('firecrawl_interact', { url: `${site.url}/form`, code: SUBMIT });
      expect(opened).toContain(`"${phrases.formResultPrefix}tugs"`);
      const scrapeId = /Interact on scrape ([0-9a-f-]{36})/.exec(opened)![1]!;
      expect(await mcp.text('firecrawl_interact', { scrapeId, code: READ })).toContain(`"${phrases.formResultPrefix}tugs"`);
      expect(await mcp.text('firecrawl_interact_stop', { scrapeId })).toContain('is stopped');
      const after = await mcp.call('firecrawl_interact', { scrapeId, code: READ });
      expect(after.isError).toBe(true);
      expect(after.text).toMatch(/HTTP 404 BROWSER_SESSION_NOT_FOUND/);
      const both = await mcp.call('firecrawl_interact', { scrapeId, url: `${site.url}/form`, code: READ });
      expect(both.text).toMatch(/not both/);
    } finally {
      await mcp.close();
    }
  });

  it('stops cleanly on SIGTERM with a browser session still open', async () => {
    const created = await fetch(`${url}/v2/browser`, {
      method: 'POST',
      headers: { authorization: 'Bearer mcp-key', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(created.status).toBe(200);
    expect(await server.stop()).toBe(0);
  });
});

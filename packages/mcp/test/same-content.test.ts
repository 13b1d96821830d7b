import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { startTrawl, type WorkerProcess } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient, stdioClient, type McpClient } from './helpers/clients.js';
import { mcpRig } from './helpers/rig.js';

/**
 * The same calls through Firecrawl's own MCP server (`firecrawl-mcp` from npm, unchanged, with
 * FIRECRAWL_API_URL pointing at a real `trawl serve`) and through Trawl's MCP server (the same
 * `trawl serve`'s /mcp, and `trawl mcp` over stdio): the page content must be the same.
 */
const FIRECRAWL_MCP_BIN = fileURLToPath(new URL('../node_modules/firecrawl-mcp/dist/index.js', import.meta.url));
const rig = mcpRig();
let serve: WorkerProcess;
let home: string;
let firecrawl: Client;
let trawl: McpClient;

async function viaFirecrawl<T = any>(name: string, args: Record<string, unknown>): Promise<T> {
  const result = await firecrawl.callTool({ name, arguments: args }, undefined, { timeout: 60_000 });
  const text = (result.content as Array<{ text: string }>).map((part) => part.text).join('\n');
  if (result.isError) throw new Error(`firecrawl-mcp ${name} failed: ${text}`);
  return JSON.parse(text) as T;
}

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'trawl-mcp-'));
  serve = await startTrawl(['serve', '--port', '0', '--store', 'memory', '--allow-private-network'], /listening on http:\S+/, {
    PATH: process.env.PATH ?? '',
    HOME: home,
    TRAWL_API_KEYS: 'fc-key:agents',
    ...rig.adapterEnv(),
  });
  const url = /listening on (http:\S+)/.exec(serve.log())![1]!;
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [FIRECRAWL_MCP_BIN],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: home,
      FIRECRAWL_NO_UPDATE_CHECK: '1',
      FIRECRAWL_NO_TELEMETRY: '1',
      FIRECRAWL_API_URL: url,
      FIRECRAWL_API_KEY: 'fc-key',
    },
    stderr: 'pipe',
  });
  firecrawl = new Client({ name: 'trawl-test', version: '1.0.0' });
  await firecrawl.connect(transport);
  trawl = await httpClient(`${url}/mcp`, 'fc-key');
}, 120_000);
afterAll(async () => {
  await Promise.all([firecrawl?.close(), trawl?.close()]);
  await serve?.stop();
  if (home) await rm(home, { recursive: true, force: true });
});

describe('firecrawl-mcp against trawl serve, and Trawl’s own MCP server, give the same content', () => {
  it('firecrawl_scrape: the same Markdown, over /mcp and over trawl mcp (stdio)', async () => {
    const stdio = await stdioClient({ TRAWL_STORE: 'memory', TRAWL_ALLOW_PRIVATE_NETWORK: 'true', ...rig.adapterEnv() });
    try {
      for (const path of ['/articles/boilerplate', '/articles/minimal', '/blog/1']) {
        const args = { url: `${rig.site.url}${path}`, formats: ['markdown'], onlyMainContent: true };
        const document = await viaFirecrawl<{ markdown: string; metadata: { title: string } }>('firecrawl_scrape', args);
        expect(document.markdown.length).toBeGreaterThan(20);
        for (const answer of [await trawl.text('firecrawl_scrape', args), await stdio.text('firecrawl_scrape', args)]) {
          expect(answer).toContain(document.markdown);
          expect(answer.startsWith(`# ${document.metadata.title}`)).toBe(true);
        }
      }
    } finally {
      await stdio.close();
    }
  });

  it("firecrawl_scrape with firecrawl-mcp 3.26's other arguments (timeout, domainTools, toolDetail): the same Markdown, a warning naming domainTools; alexandria is an error naming it", async () => {
    const args = {
      url: `${rig.site.url}/articles/minimal`,
      formats: ['markdown'],
      timeout: 30_000,
      domainTools: true,
      toolDetail: 'compact',
    };
    const document = await viaFirecrawl<{ markdown: string; warning?: string }>('firecrawl_scrape', args);
    expect(document.warning).toMatch(/domainTools finds no tools/);
    const answer = await trawl.text('firecrawl_scrape', args);
    expect(answer).toContain(document.markdown);
    expect(answer).toMatch(/domainTools finds no tools/);
    const alexandria = await trawl.call('firecrawl_scrape', { alexandria: { provider: 'p', capability: 'c', options: {} } });
    expect(alexandria.isError).toBe(true);
    expect(alexandria.text).toMatch(/alexandria calls Firecrawl's hosted capability catalogue/);
  });

  it("firecrawl_parse through firecrawl-mcp 3.26: a local file with the tool's cache options is parsed by trawl serve", async () => {
    const file = join(home, 'report.html');
    await writeFile(
      file,
      '<html><head><title>Quarterly report</title></head><body><main><h1>Quarterly report</h1><p>Harbour traffic rose by a tenth.</p></main></body></html>',
    );
    const parsed = await viaFirecrawl<{ data?: { markdown: string }; markdown?: string }>('firecrawl_parse', {
      filePath: file,
      formats: ['markdown'],
      onlyMainContent: true,
      maxAge: 0,
      storeInCache: false,
    });
    expect(parsed.data?.markdown ?? parsed.markdown).toContain('Harbour traffic rose by a tenth.');
  });

  it('firecrawl_map: the same URLs', async () => {
    const args = { url: `${rig.site.url}/crawl/`, limit: 100 };
    const { links } = await viaFirecrawl<{ links: Array<{ url: string }> }>('firecrawl_map', args);
    const listed = [...(await trawl.text('firecrawl_map', args)).matchAll(/^- (\S+)/gm)].map((match) => match[1]);
    // Both list what one map of the site finds; the order of links found at once may differ between runs.
    expect([...listed].sort()).toEqual(links.map((link) => link.url).sort());
  });

  it('firecrawl_crawl: the same pages with the same Markdown', async () => {
    const args = {
      url: `${rig.site.url}/crawl/`,
      maxDiscoveryDepth: 1,
      sitemap: 'skip',
      limit: 10,
      scrapeOptions: { formats: ['markdown'] },
    };
    const crawl = await viaFirecrawl<{ data: Array<{ markdown: string; metadata: { sourceURL: string } }> }>('firecrawl_crawl', args);
    const answer = await trawl.text('firecrawl_crawl', args);
    expect(crawl.data.length).toBe(4);
    expect(Number(/(\d+) of \d+ page\(s\) done/.exec(answer)?.[1])).toBe(crawl.data.length);
    for (const document of crawl.data) {
      expect(answer).toContain(`URL: ${document.metadata.sourceURL}`);
      expect(answer).toContain(document.markdown);
    }
  });

  it("firecrawl_search with firecrawl-mcp 3.26's discovery fields: the same hits, and a warning naming what is hosted-only", async () => {
    const args = { query: 'pilots', limit: 1, sources: ['web', 'alexandria'], domainTools: true, toolDetail: 'compact' };
    const found = await viaFirecrawl<{ data: { web: Array<{ url: string }> } }>('firecrawl_search', args);
    const answer = await trawl.text('firecrawl_search', args);
    expect(found.data.web).toHaveLength(1);
    expect(answer).toContain(found.data.web[0]!.url);
    expect(answer).toMatch(/> Warning: .*domainTools finds no tools/);
    expect(answer).toMatch(/> Warning: .*alexandria/);
  });

  it('firecrawl_search with scrapeOptions: the same hits and page Markdown', async () => {
    const args = { query: 'pilots', limit: 1, scrapeOptions: { formats: ['markdown'], onlyMainContent: true } };
    const found = await viaFirecrawl<{ data: { web: Array<{ url: string; markdown: string }> } }>('firecrawl_search', args);
    const answer = await trawl.text('firecrawl_search', args);
    expect(found.data.web).toHaveLength(1);
    expect(answer).toContain(found.data.web[0]!.url);
    expect(answer).toContain(found.data.web[0]!.markdown);
  });
});

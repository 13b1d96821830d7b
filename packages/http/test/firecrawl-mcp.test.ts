import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { searxngProvider } from '@trawl/search';
import { phrases, profileFixtures } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi } from './helpers/api-server.js';
import { clientEnv, clientRig, FIRECRAWL_MCP_BIN } from './helpers/firecrawl-clients.js';

/**
 * Firecrawl's MCP server (`firecrawl-mcp`, its npm package, unchanged) over stdio, driven by the
 * MCP SDK's client as an AI assistant drives it, with FIRECRAWL_API_URL pointing at Trawl.
 */
const rig = clientRig({ auth: { 'fc-mcp-key': 'mcp-team' } });

interface Mcp {
  client: Client;
  /** Calls a tool and parses the JSON text it answers; fails the test when the tool reports an error. */
  call<T = any>(name: string, args: Record<string, unknown>): Promise<T>;
  /** Calls a tool that should fail and returns the error text it shows the assistant. */
  failure(name: string, args: Record<string, unknown>): Promise<string>;
  stderr(): string;
  close(): Promise<void>;
}

async function startMcp(env: Record<string, string>): Promise<Mcp> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [FIRECRAWL_MCP_BIN],
    env: clientEnv(rig.home, env),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'trawl-test', version: '1.0.0' });
  await client.connect(transport);
  const run = async (name: string, args: Record<string, unknown>) => {
    const result = await client.callTool({ name, arguments: args }, undefined, { timeout: 60_000 });
    const content = result.content as Array<{ type: string; text: string }>;
    return { isError: result.isError === true, text: content.map((part) => part.text).join('\n') };
  };
  return {
    client,
    async call(name, args) {
      const { isError, text } = await run(name, args);
      if (isError) throw new Error(`${name} failed: ${text}\n${stderr}`);
      return JSON.parse(text);
    },
    async failure(name, args) {
      const { isError, text } = await run(name, args);
      expect(isError).toBe(true);
      return text;
    },
    stderr: () => stderr,
    close: () => client.close(),
  };
}

let mcp: Mcp;

beforeAll(async () => {
  mcp = await startMcp({ FIRECRAWL_API_URL: rig.api.url, FIRECRAWL_API_KEY: 'fc-mcp-key' });
});
afterAll(() => mcp?.close());

describe('firecrawl-mcp 3.26 over stdio against Trawl', () => {
  it('lists its tools, scrape, map, search, crawl and crawl status among them', async () => {
    const { tools } = await mcp.client.listTools();
    const names = tools.map((tool) => tool.name);
    for (const name of ['firecrawl_scrape', 'firecrawl_map', 'firecrawl_search', 'firecrawl_crawl', 'firecrawl_check_crawl_status'])
      expect(names).toContain(name);
  });

  it("firecrawl_scrape returns the page's main content as Markdown, with v2 metadata", async () => {
    const document = await mcp.call('firecrawl_scrape', {
      url: `${rig.site.url}/articles/boilerplate`,
      formats: ['markdown', 'links'],
      onlyMainContent: true,
    });
    expect(document.markdown).toContain(phrases.articleLead);
    expect(document.markdown).toContain(phrases.articleClosing);
    expect(document.markdown).not.toContain(phrases.nav);
    expect(document.links).toContain(`${rig.site.url}/articles/minimal`);
    expect(document.metadata).toMatchObject({
      statusCode: 200,
      sourceURL: `${rig.site.url}/articles/boilerplate`,
      title: expect.stringContaining(phrases.articleTitle),
    });
    expect(document.metadata.scrapeId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('firecrawl_scrape with the cache, proxy and location options the tool offers still scrapes the page', async () => {
    const document = await mcp.call('firecrawl_scrape', {
      url: `${rig.site.url}/articles/minimal`,
      formats: ['markdown'],
      maxAge: 60_000,
      storeInCache: false,
      proxy: 'auto',
      location: { country: 'gb', languages: ['en-GB'] },
      removeBase64Images: true,
    });
    expect(document.markdown).toBe(phrases.minimal);
  });

  it('the branding format reaches the assistant: colours, fonts and logo read from the page', async () => {
    const document = await mcp.call('firecrawl_scrape', { url: `${rig.site.url}${profileFixtures.branding.path}`, formats: ['branding'] });
    expect(document.branding).toMatchObject({
      brandName: 'Brightwave',
      colors: { primary: '#0B5FFF' },
      logo: `${rig.site.url}/assets/brightwave-logo.svg`,
    });
  });

  it("firecrawl_map lists the site's links, sitemap URLs included, and narrows them with search", async () => {
    const all = await mcp.call<{ links: Array<{ url: string }> }>('firecrawl_map', { url: `${rig.site.url}/crawl/`, limit: 100 });
    const urls = all.links.map((link) => link.url);
    expect(urls[0]).toBe(`${rig.site.url}/crawl/`);
    expect(urls).toEqual(expect.arrayContaining([`${rig.site.url}/crawl/a`, `${rig.site.url}/crawl/b/1/x`, `${rig.site.url}/orphan`]));
    const blog = await mcp.call<{ links: Array<{ url: string }> }>('firecrawl_map', {
      url: `${rig.site.url}/`,
      search: 'blog',
      sitemap: 'only',
      limit: 3,
    });
    expect(blog.links.map((link) => link.url)).toEqual([`${rig.site.url}/blog/1`, `${rig.site.url}/blog/2`, `${rig.site.url}/blog/3`]);
  });

  it('firecrawl_search answers the v2 envelope from the search provider, scraped pages merged into the hits', async () => {
    // With a key and no sources, 3.26 asks for web and Alexandria results with domainTools and toolDetail: a warning, not a 400.
    const defaults = await mcp.call('firecrawl_search', { query: 'harbour', limit: 1 });
    expect(defaults.data.web.map((hit: { url: string }) => hit.url)).toEqual([`${rig.site.url}/articles/boilerplate`]);
    expect(defaults.warning).toMatch(/domainTools finds no tools/);
    expect(defaults.warning).toMatch(/"alexandria" source is a Firecrawl hosted source/);

    const plain = await mcp.call('firecrawl_search', { query: 'harbour', limit: 3, sources: [{ type: 'web' }] });
    expect(plain.success).toBe(true);
    expect(plain.data.web.map((hit: { url: string }) => hit.url)).toEqual([
      `${rig.site.url}/articles/boilerplate`,
      `${rig.site.url}/blog/1`,
      `${rig.site.url}/blog/2`,
    ]);
    expect(plain.data.web[0]).toMatchObject({ title: 'Harbour pilots guide ships home', position: 1 });
    expect(plain.id).toMatch(/^[0-9a-f-]{36}$/);

    const scraped = await mcp.call('firecrawl_search', {
      query: 'pilots',
      limit: 1,
      scrapeOptions: { formats: ['markdown'], onlyMainContent: true },
    });
    const hit = scraped.data.web[0];
    expect(hit.url).toBe(`${rig.site.url}/articles/boilerplate`);
    expect(hit.markdown).toContain(phrases.articleLead);
    expect(hit.markdown).not.toContain(phrases.footer);
    expect(scraped.creditsUsed).toBe(1);
  });

  it("firecrawl_search's domain filters reach the provider's query; its filter and enterprise options are answered with a warning", async () => {
    await mcp.call('firecrawl_search', { query: 'harbour', excludeDomains: ['example.com'] });
    expect(rig.searxng.requests.at(-1)!.url.searchParams.get('q')).toBe('harbour -site:example.com');
    const tuned = await mcp.call('firecrawl_search', { query: 'harbour', limit: 1, filter: '0', enterprise: ['zdr'] });
    expect(tuned.data.web).toHaveLength(1);
    expect(tuned.warning).toMatch(/filter is not applied/);
    expect(tuned.warning).toMatch(/enterprise search modes change nothing here/);
  });

  it('firecrawl_crawl waits for the crawl and returns every page; firecrawl_check_crawl_status reads it again by id', async () => {
    const crawl = await mcp.call('firecrawl_crawl', {
      url: `${rig.site.url}/crawl/`,
      maxDiscoveryDepth: 1,
      sitemap: 'skip',
      limit: 10,
      scrapeOptions: { formats: ['markdown'], onlyMainContent: true },
    });
    expect(crawl.status).toBe('completed');
    const pages = ['/crawl/', '/crawl/a', '/crawl/b', '/crawl/c'].map((path) => `${rig.site.url}${path}`);
    const byUrl = new Map<string, string>(
      crawl.data.map((doc: { metadata: { sourceURL: string }; markdown: string }) => [doc.metadata.sourceURL, doc.markdown]),
    );
    expect([...byUrl.keys()]).toEqual(expect.arrayContaining(pages));
    for (const url of pages) expect(byUrl.get(url)).toContain(`This is the crawl fixture page at \`${new URL(url).pathname}\``);
    expect(crawl.completed).toBe(crawl.data.length);

    const status = await mcp.call('firecrawl_check_crawl_status', { id: crawl.id });
    expect(status).toMatchObject({ id: crawl.id, status: 'completed', completed: crawl.completed, total: crawl.total });
    expect(status.data.map((doc: { metadata: { sourceURL: string } }) => doc.metadata.sourceURL).sort()).toEqual([...byUrl.keys()].sort());
  });

  it('with only FIRECRAWL_API_URL set, against an open server, it works without a key', async () => {
    const open = await startApi({ searchProvider: searxngProvider({ endpoint: rig.searxng.origin }) });
    const keyless = await startMcp({ FIRECRAWL_API_URL: open.url });
    try {
      const document = await keyless.call('firecrawl_scrape', { url: `${rig.site.url}/articles/minimal`, formats: ['markdown'] });
      expect(document.markdown).toBe(phrases.minimal);
      const found = await keyless.call('firecrawl_search', { query: 'minimal' });
      expect(found.data.web.map((hit: { url: string }) => hit.url)).toEqual([`${rig.site.url}/articles/minimal`]);
    } finally {
      await keyless.close();
      await open.close();
    }
  });
});

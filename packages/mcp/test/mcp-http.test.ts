import { createMemoryStore } from '@trawl/core';
import { createServer, type TrawlServer, type TrawlServerOptions } from '@trawl/http';
import { createTeamSearchIndex } from '@trawl/search';
import { phrases } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTrawlMcp } from '../src/index.js';
import { httpClient } from './helpers/clients.js';
import { mcpRig } from './helpers/rig.js';
import { toolSuite } from './helpers/tool-suite.js';

/**
 * Streamable HTTP at /mcp, mounted on the API's server as `trawl serve` mounts it, behind the
 * API's keys, credits, rate limits and SSRF policy.
 */
const rig = mcpRig();
const servers: TrawlServer[] = [];

async function startServer(options: TrawlServerOptions): Promise<string> {
  const server = createServer({ sweepIntervalMs: 0, ...rig.adapters(), ...options });
  servers.push(server);
  return server.listen(0, '127.0.0.1');
}

let url = '';
beforeAll(async () => {
  url = await startServer({
    allowPrivateNetwork: true,
    auth: { 'mcp-key': 'mcp-team', 'broke-key': 'broke-team' },
    credits: { 'broke-team': 0 },
    mounts: [
      (api) => createTrawlMcp({ api }),
      // The same tools with a small answer budget, to see long answers paged.
      (api) => createTrawlMcp({ api, path: '/mcp-small', limits: { maxResultChars: 400 } }),
    ],
  });
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

toolSuite('Streamable HTTP (/mcp)', rig, () => httpClient(`${url}/mcp`, 'mcp-key'));

describe('MCP over HTTP behind the API', () => {
  it("refuses a connection without the API's key, or with a wrong one", async () => {
    await expect(httpClient(`${url}/mcp`)).rejects.toThrow(/401|Unauthorized/);
    await expect(httpClient(`${url}/mcp`, 'wrong-key')).rejects.toThrow(/Invalid token/);
  });

  it("charges the caller's team: a team without credits gets a tool error, not a page", async () => {
    const broke = await httpClient(`${url}/mcp`, 'broke-key');
    try {
      const answer = await broke.call('firecrawl_scrape', { url: `${rig.site.url}/articles/minimal` });
      expect(answer.isError).toBe(true);
      expect(answer.text).toMatch(/HTTP 402/);
      expect(answer.text).toContain('The team has run out of credits.');
    } finally {
      await broke.close();
    }
  });

  it("counts tool calls against the team's rate limit", async () => {
    const limited = await startServer({ allowPrivateNetwork: true, rateLimits: { scrape: 1 }, mounts: [(api) => createTrawlMcp({ api })] });
    const mcp = await httpClient(`${limited}/mcp`);
    try {
      expect(await mcp.text('firecrawl_scrape', { url: `${rig.site.url}/articles/minimal` })).toContain(phrases.minimal);
      const second = await mcp.call('firecrawl_scrape', { url: `${rig.site.url}/articles/minimal` });
      expect(second.isError).toBe(true);
      expect(second.text).toMatch(/HTTP 429/);
    } finally {
      await mcp.close();
    }
  });

  it('refuses private addresses on a server with the default network policy', async () => {
    const strict = await startServer({ mounts: [(api) => createTrawlMcp({ api })] });
    const mcp = await httpClient(`${strict}/mcp`);
    try {
      const answer = await mcp.call('firecrawl_scrape', { url: `${rig.site.url}/articles/minimal` });
      expect(answer.isError).toBe(true);
      expect(answer.text).toMatch(/HTTP 400 SCRAPE_BLOCKED_URL/);
      // A crawl starts, and says why its start page was not read.
      const crawl = await mcp.text('firecrawl_crawl', { url: `${rig.site.url}/crawl/` });
      expect(crawl).toMatch(/^# Crawl \S+: \w+\n\n0 of 1 page\(s\) done/);
      expect(crawl).toContain(`## Pages that failed\n\n- ${rig.site.url}/crawl/: SCRAPE_BLOCKED_URL Refused to fetch`);
    } finally {
      await mcp.close();
    }
  });

  it('pages a long answer: trawl_read_scrape reads on from the kept scrape until the whole page is read', async () => {
    const mcp = await httpClient(`${url}/mcp-small`, 'mcp-key');
    const whole = await httpClient(`${url}/mcp`, 'mcp-key');
    try {
      const first = await mcp.text('firecrawl_scrape', { url: `${rig.site.url}/articles/boilerplate` });
      const id = /scrapeId ([0-9a-f-]{36})/.exec(first)![1]!;
      const parts: string[] = [];
      let answer = first;
      for (let offset = 0; ; ) {
        const [text, note] = answer.split('\n\n---\n');
        parts.push(text!);
        expect(text!.length).toBeLessThanOrEqual(400);
        const next = /"offset": (\d+)/.exec(note ?? '');
        if (!next) break;
        expect(note).toContain(`call trawl_read_scrape with {"id": "${id}", "offset": ${next[1]}}`);
        offset = Number(next[1]);
        answer = await mcp.text('trawl_read_scrape', { id, offset });
      }
      expect(parts.length).toBeGreaterThan(2);
      const full = await whole.text('trawl_read_scrape', { id });
      expect(parts.join('')).toBe(full);
      expect(full).toContain(phrases.articleClosing);
    } finally {
      await Promise.all([mcp.close(), whole.close()]);
    }
  });

  it('pages a long crawl by skip', async () => {
    const mcp = await httpClient(`${url}/mcp-small`, 'mcp-key');
    try {
      const text = await mcp.text('firecrawl_crawl', { url: `${rig.site.url}/crawl/`, maxDiscoveryDepth: 1, sitemap: 'skip', limit: 10 });
      const id = /^# Crawl (\S+): completed/.exec(text)![1]!;
      expect(text).toMatch(new RegExp(`To read on, call firecrawl_check_crawl_status with \\{"id": "${id}", "skip": 1\\}`));
      const next = await mcp.text('firecrawl_check_crawl_status', { id, skip: 1 });
      expect(next).toMatch(/Pages 2–2 shown/);
    } finally {
      await mcp.close();
    }
  });

  it("firecrawl_search over the local index answers from the caller's team's pages only", async () => {
    const store = createMemoryStore();
    const search = createTeamSearchIndex({ store });
    const local = await startServer({
      store,
      allowPrivateNetwork: true,
      auth: { 'key-b': 'team-b', 'key-d': 'team-d' },
      searchProvider: search,
      onPage: (document, jobId) => search.indexJobPage(document, jobId),
      mounts: [(api) => createTrawlMcp({ api })],
    });
    const teamB = await httpClient(`${local}/mcp`, 'key-b');
    const teamD = await httpClient(`${local}/mcp`, 'key-d');
    try {
      await teamB.text('firecrawl_crawl', { url: `${rig.site.url}/articles/boilerplate`, limit: 1, sitemap: 'skip' });
      const own = await teamB.text('firecrawl_search', { query: 'harbour pilots' });
      expect(own).toContain(`${rig.site.url}/articles/boilerplate`);
      const foreign = await teamD.call('firecrawl_search', { query: 'harbour pilots' });
      expect(foreign.text).not.toContain('/articles/boilerplate');
    } finally {
      await Promise.all([teamB.close(), teamD.close()]);
    }
  });

  it('answers GET with 405 (stateless: no stream to resume) and leaves other paths to the API', async () => {
    const get = await fetch(`${url}/mcp`, { headers: { authorization: 'Bearer mcp-key', accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(200);
  });
});

import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { phrases } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpClient } from './clients.js';
import type { McpRig } from './rig.js';

export const TOOL_NAMES = [
  'firecrawl_scrape',
  'trawl_read_scrape',
  'firecrawl_batch_scrape',
  'firecrawl_check_batch_status',
  'firecrawl_map',
  'firecrawl_search',
  'firecrawl_crawl',
  'firecrawl_check_crawl_status',
  'firecrawl_cancel_crawl',
  'firecrawl_extract',
  'firecrawl_generate_llmstxt',
  'firecrawl_agent',
  'firecrawl_agent_status',
  'firecrawl_interact',
  'firecrawl_interact_stop',
];

const titleSchema = { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] };
const crawlPages = ['/crawl/', '/crawl/a', '/crawl/b', '/crawl/c'];

/** Every tool, driven by the SDK's client over one transport against the fixture site. */
export function toolSuite(transport: string, rig: McpRig, connect: () => Promise<McpClient>): void {
  describe(`every tool over ${transport}`, () => {
    let mcp: McpClient;
    beforeAll(async () => {
      mcp = await connect();
    });
    afterAll(() => mcp?.close());

    it('lists the tools, each with a description and an input schema', async () => {
      const { tools } = await mcp.client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual([...TOOL_NAMES].sort());
      for (const tool of tools) {
        expect(tool.description!.length).toBeGreaterThan(80);
        expect(tool.inputSchema.type).toBe('object');
      }
      const scrape = tools.find((tool) => tool.name === 'firecrawl_scrape')!;
      // As firecrawl-mcp 3.26 declares it: `url` optional in the schema (Alexandria calls go without one), checked by the tool.
      expect(scrape.inputSchema.required ?? []).not.toContain('url');
      expect(Object.keys(scrape.inputSchema.properties!)).toEqual(
        expect.arrayContaining(['url', 'formats', 'jsonOptions', 'onlyMainContent', 'waitFor']),
      );
    });

    it("firecrawl_scrape answers the page's main content as Markdown, under its title and facts", async () => {
      const url = `${rig.site.url}/articles/boilerplate`;
      const text = await mcp.text('firecrawl_scrape', { url, formats: ['markdown', 'links'], onlyMainContent: true });
      expect(text).toMatch(new RegExp(`^# ${phrases.articleTitle}`));
      expect(text).toMatch(/URL: \S+\/articles\/boilerplate · status 200 · scrapeId [0-9a-f-]{36}/);
      expect(text).toContain(phrases.articleLead);
      expect(text).toContain(phrases.articleClosing);
      expect(text).not.toContain(phrases.nav);
      expect(text).toContain(`## Links\n\n`);
      expect(text).toContain(`- ${rig.site.url}/articles/minimal`);
      expect(text).not.toMatch(/^\s*\{/);
    });

    it('a malformed URL and an unreachable one are tool errors the agent can read', async () => {
      const malformed = await mcp.call('firecrawl_scrape', { url: 'not a url' });
      expect(malformed.isError).toBe(true);
      expect(malformed.text).toMatch(/Invalid arguments for tool firecrawl_scrape: Invalid URL/);
      const unreachable = await mcp.call('firecrawl_scrape', { url: 'http://127.0.0.1:1/nothing' });
      expect(unreachable.isError).toBe(true);
      expect(unreachable.text).toMatch(/^Scraping http:\/\/127\.0\.0\.1:1\/nothing failed \(HTTP 502 SCRAPE_CONNECTION_ERROR\): /);
      const noJob = await mcp.call('firecrawl_check_crawl_status', { id: '00000000-0000-4000-8000-000000000000' });
      expect(noJob.isError).toBe(true);
      expect(noJob.text).toMatch(/HTTP 404/);
    });

    it('firecrawl_batch_scrape waits for the batch and answers every page; firecrawl_check_batch_status reads it again', async () => {
      const urls = [`${rig.site.url}/articles/minimal`, `${rig.site.url}/articles/boilerplate`];
      const text = await mcp.text('firecrawl_batch_scrape', { urls, options: { formats: ['markdown'], onlyMainContent: true } });
      const id = /^# Batch scrape (\S+): completed/.exec(text)?.[1];
      expect(id).toBeDefined();
      expect(text).toContain('2 of 2 page(s) done');
      expect(text).toContain(phrases.minimal);
      expect(text).toContain(phrases.articleLead);
      expect(text).toContain('Pages 1–2 shown (all of them)');
      const again = await mcp.text('firecrawl_check_batch_status', { id });
      expect(again).toContain(phrases.minimal);
      expect(again).toContain(phrases.articleLead);
    });

    it("firecrawl_map lists the site's URLs, sitemap ones included", async () => {
      const text = await mcp.text('firecrawl_map', { url: `${rig.site.url}/crawl/`, limit: 100 });
      expect(text).toMatch(/^# Map of \S+\/crawl\/\n\n\d+ URL\(s\)/);
      for (const path of ['/crawl/a', '/crawl/b/1/x', '/orphan']) expect(text).toContain(`- ${rig.site.url}${path}`);
    });

    it('firecrawl_search lists the hits, and with scrapeOptions their pages', async () => {
      const plain = await mcp.text('firecrawl_search', { query: 'harbour', limit: 3 });
      expect(plain).toContain('### 1. Harbour pilots guide ships home');
      expect(plain).toContain(`${rig.site.url}/articles/boilerplate`);
      const scraped = await mcp.text('firecrawl_search', {
        query: 'pilots',
        limit: 1,
        scrapeOptions: { formats: ['markdown'], onlyMainContent: true },
      });
      expect(scraped).toContain(phrases.articleLead);
      expect(scraped).not.toContain(phrases.footer);
    });

    it('firecrawl_crawl reports progress while it runs and answers every page; firecrawl_check_crawl_status reads it by id', async () => {
      const progress: Progress[] = [];
      const answer = await mcp.call(
        'firecrawl_crawl',
        { url: `${rig.site.url}/crawl/`, maxDiscoveryDepth: 1, sitemap: 'skip', limit: 10, scrapeOptions: { formats: ['markdown'] } },
        { onprogress: (step) => progress.push(step) },
      );
      expect(answer.isError).toBe(false);
      const id = /^# Crawl (\S+): completed/.exec(answer.text)?.[1];
      expect(id).toBeDefined();
      for (const path of crawlPages) expect(answer.text).toContain(`This is the crawl fixture page at \`${path}\``);
      expect(progress.length).toBeGreaterThan(0);
      const values = progress.map((step) => step.progress);
      expect(values).toEqual([...values].sort((a, b) => a - b));
      expect(new Set(values).size).toBe(values.length);
      // The last count reaches the client's handler before the answer does (see wait-for-job.ts).
      expect(values.at(-1)).toBe(crawlPages.length);
      expect(progress.at(-1)!.message).toMatch(new RegExp(`\\(job ${id}\\): \\d+ of`));

      const status = await mcp.text('firecrawl_check_crawl_status', { id });
      expect(status).toMatch(new RegExp(`^# Crawl ${id}: completed`));
      for (const path of crawlPages) expect(status).toContain(`This is the crawl fixture page at \`${path}\``);
      const skipped = await mcp.text('firecrawl_check_crawl_status', { id, skip: 3 });
      expect(skipped).toContain('Pages 4–4 shown (all of them)');
    });

    it('firecrawl_crawl with wait: false answers the id at once; the status tool reads the crawl by it', async () => {
      const started = await mcp.text('firecrawl_crawl', {
        url: `${rig.site.url}/crawl/`,
        maxDiscoveryDepth: 1,
        sitemap: 'skip',
        wait: false,
      });
      const id = /^Started the crawl of \S+: id (\S+)\./.exec(started)?.[1];
      expect(id).toBeDefined();
      expect(started).toContain(`Call firecrawl_check_crawl_status with {"id": "${id}"}`);
      let status = '';
      for (let attempt = 0; attempt < 200 && !/: completed/.test(status); attempt++) {
        status = await mcp.text('firecrawl_check_crawl_status', { id });
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      for (const path of crawlPages) expect(status).toContain(`This is the crawl fixture page at \`${path}\``);
    });

    it('firecrawl_cancel_crawl stops a running crawl; the waiting firecrawl_crawl then answers it cancelled', async () => {
      let cancelled: Promise<string> | undefined;
      const crawl = await mcp.call(
        'firecrawl_crawl',
        { url: `${rig.big.url}/`, limit: 400, sitemap: 'skip' },
        {
          onprogress: (step) => {
            const id = /\(job (\S+)\)/.exec(step.message ?? '')?.[1];
            if (id && !cancelled) cancelled = mcp.text('firecrawl_cancel_crawl', { id });
          },
        },
      );
      expect(await cancelled).toMatch(/^The crawl \S+ is cancelled/);
      expect(crawl.isError).toBe(false);
      expect(crawl.text).toMatch(/^# Crawl \S+: cancelled/);
    });

    it('firecrawl_extract answers the extracted JSON', async () => {
      const text = await mcp.text('firecrawl_extract', {
        urls: [`${rig.site.url}/articles/boilerplate`],
        prompt: 'The title of the article',
        schema: titleSchema,
      });
      expect(text).toContain('# Extracted from');
      expect(text).toContain(`"title": "${phrases.articleTitle}"`);
    });

    it('firecrawl_agent answers a job id; firecrawl_agent_status reads its actions, sources and answer', async () => {
      const started = await mcp.text('firecrawl_agent', {
        prompt: 'The title of the harbour pilots article',
        urls: [`${rig.site.url}/articles/boilerplate`],
        schema: titleSchema,
        effort: 'low',
      });
      const id = /^Agent job (\S+) started/.exec(started)?.[1];
      expect(id).toBeTruthy();
      expect(started).toContain(`"id":"${id}"`);
      let status = '';
      for (let i = 0; i < 200 && !/: (completed|failed|cancelled)\n/.test(status); i++) {
        if (i) await new Promise((resolve) => setTimeout(resolve, 50));
        status = await mcp.text('firecrawl_agent_status', { id });
      }
      expect(status).toMatch(new RegExp(`^# Agent ${id}: completed`));
      expect(status).toContain(`1. scrape {"url":"${rig.site.url}/articles/boilerplate"} — done`);
      expect(status).toContain(`- ${rig.site.url}/articles/boilerplate`);
      expect(status).toContain(`"title": "${phrases.articleTitle}"`);
      const missing = await mcp.call('firecrawl_agent_status', { id: '00000000-0000-4000-8000-000000000000' });
      expect(missing.isError).toBe(true);
      expect(missing.text).toMatch(/HTTP 404/);
    });

    it('firecrawl_generate_llmstxt answers llms.txt and llms-full.txt', async () => {
      const text = await mcp.text('firecrawl_generate_llmstxt', {
        url: `${rig.site.url}/articles/boilerplate`,
        maxUrls: 1,
        showFullText: true,
      });
      expect(text).toContain(`# llms.txt of ${rig.site.url}/articles/boilerplate`);
      expect(text).toContain(`${rig.site.url}/articles/boilerplate`);
      expect(text).toContain('## llms-full.txt');
      expect(text).toContain(phrases.articleLead);
    });
  });
}

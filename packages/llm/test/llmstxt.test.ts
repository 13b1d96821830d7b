import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStore, generateLlmsTxt } from '@trawl/core';
import { NO_LLM_WARNING, runLlmsTxtJob, startLlmsTxtJob, toLlmsTxtStatus } from '@trawl/core/server';
import type { OpaqueJson, Store } from '@trawl/core/ports';
import { startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { createLlmProvider } from '@trawl/llm';
import { readFromPrompt, startOpenAiStandIn, type OpenAiStandIn, type StandInRequest } from '@trawl/llm/testing';

let site: FixtureSite;
let standIn: OpenAiStandIn;
let respond: (request: StandInRequest) => unknown = readFromPrompt;
const llm = () => createLlmProvider({ provider: 'openai-compatible', model: 'stand-in', baseUrl: standIn.url, maxRetries: 0 });
const ENTRY = /^- \[[^\]\n]+\]\(http:\/\/127\.0\.0\.1:\d+\/[^)\s]*\): \S.*$/;

beforeAll(async () => {
  [site, standIn] = await Promise.all([startFixtureSite(), startOpenAiStandIn({ respond: (r) => respond(r) })]);
});
afterAll(() => Promise.all([site.close(), standIn.close()]));
afterEach(() => {
  standIn.requests.length = 0;
  respond = readFromPrompt;
});

describe('llms.txt generation', () => {
  it('has the model title and describe each page, from the page it was sent', async () => {
    respond = (request) => {
      const page = readFromPrompt({
        firstUserText: request.firstUserText,
        schema: { type: 'object', properties: { title: { type: 'string' } } },
      });
      return {
        title: `About ${String(page.title)}`,
        description: `Described from ${/^Web page: (.+)$/m.exec(request.firstUserText)?.[1]}`,
      };
    };
    const result = await generateLlmsTxt(site.url, { maxUrls: 4, showFullText: true, llm: llm() });

    const [title, blank, ...entries] = result.llmstxt.trimEnd().split('\n');
    expect(title).toBe(`# ${site.url} llms.txt`);
    expect(blank).toBe('');
    expect(entries).toHaveLength(4);
    for (const entry of entries) expect(entry).toMatch(ENTRY);
    expect(result.llmstxt).toContain(`- [About Trawl fixture site](${site.url}/): Described from ${site.url}/\n`);
    expect(standIn.requests).toHaveLength(4);
    // Pages are described concurrently: find the home page's request rather than assume it came first.
    const home = standIn.requests.find((r) => r.firstUserText.includes(`Web page: ${site.url}/\n`));
    expect(home!.firstUserText).toContain('A local site for testing Trawl.');
    expect(result.warning).toBeUndefined();
    expect(result.tokensUsed).toBeGreaterThan(0);

    expect(result.llmsfulltxt!.startsWith(`# ${site.url} llms-full.txt\n\n## About Trawl fixture site\n`)).toBe(true);
    expect(result.llmsfulltxt).toContain('A local site for testing Trawl.');
    for (const entry of entries) expect(result.llmsfulltxt).toContain(`\n## ${/^- \[([^\]]+)\]/.exec(entry)![1]}\n`);
  });

  it('works without an LLM from page titles and meta descriptions, and says so', async () => {
    const result = await generateLlmsTxt(site.url, { maxUrls: 3 });
    expect(result.warning).toBe(NO_LLM_WARNING);
    expect(result.warning).toMatch(/No LLM provider is configured.*OPENAI_API_KEY/);
    expect(result.llmstxt).toContain(`- [Trawl fixture site](${site.url}/): The local fixture web site for Trawl tests.\n`);
    expect(result.llmstxt.trimEnd().split('\n').slice(2)).toHaveLength(3);
    expect(result.llmsfulltxt).toBeUndefined();
    expect(standIn.requests).toHaveLength(0);
  });

  it('runs as a store job: partial texts after each batch, 1 credit per call plus 1 per page', async () => {
    const store = createMemoryStore();
    const saved: OpaqueJson[] = [];
    // The real store, with every saved output noted on its way in.
    const jobs = new Proxy(store.jobs, {
      get(target, key) {
        if (key === 'saveOutput') return (id: string, output: OpaqueJson) => (saved.push(output), target.saveOutput(id, output));
        const value = Reflect.get(target, key) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const watched = new Proxy(store, { get: (target, key) => (key === 'jobs' ? jobs : Reflect.get(target, key)) }) as Store;
    const started = await startLlmsTxtJob(watched, { url: site.url, maxUrls: 12 });
    expect(started).toMatchObject({ kind: 'llmstxt', status: 'scraping' });
    expect(toLlmsTxtStatus(started)).toMatchObject({ success: true, status: 'processing', data: { llmstxt: '' } });

    const done = await runLlmsTxtJob(watched, started.id, { llm: llm() });
    expect(done!.status).toBe('completed');
    const pages = done!.counters.completed;
    expect(pages).toBeGreaterThan(10);
    expect(done!.counters.creditsUsed).toBe(1 + pages);
    expect(saved.length).toBe(2); // after the first batch of 10, and the final texts
    expect((saved[0] as { urls: string[] }).urls).toHaveLength(10);

    const status = toLlmsTxtStatus(done!);
    expect(status).toMatchObject({ success: true, status: 'completed' });
    expect(status.data.llmstxt.trimEnd().split('\n').slice(2)).toHaveLength(pages);
    expect(status.data.llmsfulltxt).toBeUndefined();
    expect(Date.parse(status.expiresAt)).toBeGreaterThan(Date.now());
  });

  it('obeys robots.txt as a crawl does: a disallowed page is neither fetched nor listed', async () => {
    // /orphan is only in the sitemap, /about is linked from the home page; robots.txt disallows both.
    const guarded = await startFixtureSite({ robotsTxt: 'User-agent: *\nDisallow: /orphan\nDisallow: /about\n' });
    try {
      const result = await generateLlmsTxt(guarded.url, { maxUrls: 50 });
      expect(result.urls).toContain(`${guarded.url}/articles/boilerplate`);
      expect(result.urls.filter((u) => /\/orphan|\/about/.test(u))).toEqual([]);
      expect(guarded.hits('/orphan') + guarded.hits('/about')).toBe(0);
      expect(result.warning).toContain('robots.txt');
    } finally {
      await guarded.close();
    }
  });

  it('fails the job when no page can be scraped', async () => {
    const store = createMemoryStore();
    const started = await startLlmsTxtJob(store, { url: `${site.url}/status/404`, maxUrls: 1 });
    const done = await runLlmsTxtJob(store, started.id);
    expect(done!.status).toBe('failed');
    expect(toLlmsTxtStatus(done!)).toMatchObject({ success: false, status: 'failed', error: expect.stringContaining('could be scraped') });
  });

  it('refuses invalid parameters before a job exists', async () => {
    const store = createMemoryStore();
    await expect(startLlmsTxtJob(store, { url: site.url, maxUrls: 0 })).rejects.toMatchObject({ code: 'INVALID_OPTIONS' });
    await expect(startLlmsTxtJob(store, { url: 'ftp://example.com' })).rejects.toMatchObject({ code: 'SCRAPE_INVALID_URL' });
  });
});

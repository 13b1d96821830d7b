import { createLlmProvider } from '@trawl/llm';
import { readFromPrompt, startOpenAiStandIn, type OpenAiStandIn } from '@trawl/llm/testing';
import { phrases, startFixtureSite, startSyntheticSite, type FixtureSite, type SyntheticSite } from '@trawl/testkit';
import Firecrawl from 'firecrawl-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './helpers/api-server.js';
import { failureOf } from './helpers/sdk-error.js';

/** The official JS SDK 4.x (v2 API), unchanged: crawl and batch scrape against the fixture site. */
let site: FixtureSite;
let synthetic: SyntheticSite;
let model: OpenAiStandIn;
let api: TestApi;
let app: Firecrawl;

const KEY = 'fc-v4-jobs';

beforeAll(async () => {
  site = await startFixtureSite();
  synthetic = await startSyntheticSite({ pages: 110, minPageBytes: 1_000, maxPageBytes: 3_000 });
  // Crawl prompts get fixed options, one of them invalid (it must be dropped); anything else is read from the page.
  model = await startOpenAiStandIn({
    respond: (request) =>
      request.system.includes('crawl options')
        ? { includePaths: ['^/crawl/a'], limit: 3, maxDiscoveryDepth: -4, excludePaths: ['(?=x)'] }
        : readFromPrompt(request),
  });
  const llm = createLlmProvider({ provider: 'openai-compatible', model: 'stand-in', baseUrl: model.url, maxRetries: 0 });
  api = await startApi({ auth: { [KEY]: 'sdk-v4-team', 'fc-other': 'other-team' }, llm });
  app = new Firecrawl({ apiKey: KEY, apiUrl: api.url });
});
afterAll(async () => {
  await api?.close();
  await model?.close();
  await synthetic?.close();
  await site?.close();
});

const pathsOf = (docs: Array<{ metadata?: { sourceURL?: string } }>) =>
  docs.map((doc) => new URL(doc.metadata!.sourceURL!).pathname).sort();

describe('@mendable/firecrawl-js 4.x crawl', () => {
  it('crawl waits (polling) and returns v2 documents: images shaped, the internal rawHtml dropped', async () => {
    const job = await app.crawl(`${site.url}/articles/boilerplate`, {
      limit: 1,
      sitemap: 'skip',
      crawlEntireDomain: false,
      scrapeOptions: { formats: ['markdown', 'images'] },
      pollInterval: 1,
      timeout: 60,
    });
    expect(job.status).toBe('completed');
    expect(job.data.length).toBe(job.completed);
    const article = job.data.find((doc) => doc.metadata?.sourceURL === `${site.url}/articles/boilerplate`);
    expect(article?.markdown).toContain(phrases.articleLead);
    expect(article?.images).toContain(`${site.url}/img/logo.png`);
    expect(article?.rawHtml).toBeUndefined();
  });

  it('startCrawl + getCrawlStatus: one page with an absolute /v2 `next`, then every page', async () => {
    const started = await app.startCrawl(`${synthetic.url}/`, { limit: 101, sitemap: 'skip', scrapeOptions: { formats: ['links'] } });
    expect(started.url).toBe(`${api.url}/v2/crawl/${started.id}`);
    await api.waitForJob(`/v2/crawl/${started.id}`, KEY);
    const first = await app.getCrawlStatus(started.id, { autoPaginate: false });
    expect(first.status).toBe('completed');
    expect(first.data).toHaveLength(100);
    expect(first.next).toBe(`${api.url}/v2/crawl/${started.id}?skip=100`);
    const all = await app.getCrawlStatus(started.id);
    expect(all.data).toHaveLength(101);
    expect(new Set(all.data.map((doc) => doc.metadata?.sourceURL)).size).toBe(101);
    expect(all.completed).toBe(101);
  });

  it('sitemap "only" reads the start page and the sitemaps\' URLs without following links', async () => {
    const only = await app.crawl(`${site.url}/`, {
      sitemap: 'only',
      limit: 60,
      scrapeOptions: { formats: ['links'] },
      pollInterval: 1,
      timeout: 60,
    });
    const paths = pathsOf(only.data);
    expect(paths).toContain('/orphan');
    expect(paths).toContain('/crawl/a/1/x');
    // Linked from pages the crawl read, listed in no sitemap.
    expect(paths).not.toContain('/crawl/index.html');
  });

  it('getCrawlErrors lists failed pages and robots-blocked URLs', async () => {
    const started = await app.startCrawl(`${site.url}/crawl/`, { sitemap: 'skip', limit: 30 });
    await api.waitForJob(`/v2/crawl/${started.id}`, KEY);
    const errors = await app.getCrawlErrors(started.id);
    expect(errors.robotsBlocked).toContain(`${site.url}/crawl/blocked`);
    expect(errors.errors.map((e) => e.url)).toContain(`${site.url}/crawl/missing`);
  });

  it('getActiveCrawls lists the running crawl until cancelCrawl ends it; other teams see none', async () => {
    const started = await app.startCrawl(`${site.url}/slow?ms=3000`, { sitemap: 'skip' });
    const active = await app.getActiveCrawls();
    expect(active.crawls).toContainEqual(
      expect.objectContaining({ id: started.id, teamId: 'sdk-v4-team', url: `${site.url}/slow?ms=3000` }),
    );
    const stranger = new Firecrawl({ apiKey: 'fc-other', apiUrl: api.url });
    expect((await stranger.getActiveCrawls()).crawls).toEqual([]);
    expect(await app.cancelCrawl(started.id)).toBe(true);
    expect((await app.getActiveCrawls()).crawls.map((crawl) => crawl.id)).not.toContain(started.id);
    expect((await failureOf(stranger.getCrawlStatus(started.id))).status).toBe(404);
  });

  it('cancelCrawl of a crawl that already completed throws the 409', async () => {
    const done = await app.crawl(`${site.url}/blog/1`, { limit: 1, sitemap: 'skip', pollInterval: 0.2 });
    expect(done.status).toBe('completed');
    const failure = await failureOf(app.cancelCrawl(done.id!));
    expect(failure.status).toBe(409);
    expect(failure.message).toContain('Crawl is already completed');
  });

  it('crawlParamsPreview turns a sentence into options through the model, dropping what fails the checks', async () => {
    const params = await app.crawlParamsPreview(`${site.url}/crawl/`, 'only the pages about section a, three at most');
    expect(params).toEqual({ url: `${site.url}/crawl/`, includePaths: ['^/crawl/a'], limit: 3 });
    expect(model.requests.at(-1)?.userText).toContain('only the pages about section a');
  });

  it('a crawl prompt fills in what the body leaves out; the body wins', async () => {
    const job = await app.crawl(`${site.url}/crawl/`, {
      prompt: 'section a only',
      limit: 2,
      sitemap: 'skip',
      crawlEntireDomain: true,
      pollInterval: 1,
      timeout: 60,
    });
    expect(job.status).toBe('completed');
    // The start page, then only what the prompt's includePaths let in, within the body's limit.
    expect(pathsOf(job.data)).toEqual(['/crawl/', '/crawl/a']);
  });

  it('crawl refusals name the field', async () => {
    const regex = await failureOf(app.startCrawl(`${site.url}/`, { includePaths: ['(?<=a)b'] }));
    expect(regex.status).toBe(400);
    expect(regex.message).toMatch(/includePaths/);
    const format = await failureOf(app.startCrawl(`${site.url}/`, { scrapeOptions: { formats: ['transcript' as never] } }));
    expect(format.message).toMatch(/scrapeOptions\.formats\[0\].*transcript/);
  });
});

describe('@mendable/firecrawl-js 4.x batch scrape', () => {
  it('batchScrape waits and returns v2 documents, attributes included', async () => {
    const job = await app.batchScrape([`${site.url}/articles/boilerplate`, `${site.url}/articles/minimal`], {
      options: { formats: ['markdown', { type: 'attributes', selectors: [{ selector: 'html', attribute: 'lang' }] }] },
      pollInterval: 1,
      timeout: 60,
    });
    expect(job.status).toBe('completed');
    expect(job.data).toHaveLength(2);
    const article = job.data.find((doc) => doc.metadata?.sourceURL === `${site.url}/articles/boilerplate`);
    expect(article?.attributes).toEqual([{ selector: 'html', attribute: 'lang', values: ['en'] }]);
    expect(article?.markdown).toContain(phrases.articleLead);
  });

  it('startBatchScrape skips invalid URLs by default and lists them; ignoreInvalidURLs:false refuses them', async () => {
    const started = await app.startBatchScrape([`${site.url}/articles/minimal`, 'ftp://example.com/file'], {
      options: { formats: ['markdown'] },
    });
    expect(started.invalidURLs).toEqual(['ftp://example.com/file']);
    expect(started.url).toBe(`${api.url}/v2/batch/scrape/${started.id}`);
    const done = await api.waitForJob(`/v2/batch/scrape/${started.id}`, KEY);
    expect(done.body.total).toBe(1);
    const refused = await failureOf(app.startBatchScrape(['ftp://example.com/file', `${site.url}/`], { ignoreInvalidURLs: false }));
    expect(refused.status).toBe(400);
  });

  it('appendToId adds URLs to a running batch', async () => {
    const started = await app.startBatchScrape([`${site.url}/slow?ms=1500`], { options: { formats: ['links'] }, maxConcurrency: 1 });
    const appended = await app.startBatchScrape([`${site.url}/articles/minimal`], { appendToId: started.id });
    expect(appended.id).toBe(started.id);
    await api.waitForJob(`/v2/batch/scrape/${started.id}`, KEY);
    const status = await app.getBatchScrapeStatus(started.id);
    expect(status.total).toBe(2);
    expect(pathsOf(status.data)).toEqual(['/articles/minimal', '/slow']);
    const late = await failureOf(app.startBatchScrape([`${site.url}/`], { appendToId: started.id }));
    expect(late.status).toBe(409);
  });

  it('getBatchScrapeErrors and cancelBatchScrape', async () => {
    const failing = await app.startBatchScrape([`${site.url}/status/500`]);
    await api.waitForJob(`/v2/batch/scrape/${failing.id}`, KEY);
    const errors = await app.getBatchScrapeErrors(failing.id);
    expect(errors.errors.map((e) => e.url)).toEqual([`${site.url}/status/500`]);
    const slow = await app.startBatchScrape([`${site.url}/slow?ms=3000`]);
    expect(await app.cancelBatchScrape(slow.id)).toBe(true);
    expect((await app.getBatchScrapeStatus(slow.id)).status).toBe('cancelled');
  });
});

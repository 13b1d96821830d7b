import { createMemoryStore } from '@trawl/core';
import { createLlmProvider } from '@trawl/llm';
import { searxngProvider } from '@trawl/search';
import { startSearxngStandIn, type StandIn } from '@trawl/search/testing';
import { startOpenAiStandIn, type OpenAiStandIn } from '@trawl/llm/testing';
import {
  changingPageHtml,
  INITIAL_CHANGING_PAGE,
  startFixtureSite,
  type ChangingPage,
  type ChangingPageState,
  type FixtureSite,
} from '@trawl/testkit';
import Firecrawl from 'firecrawl-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './helpers/api-server.js';

/** Change tracking and the scrape cache through the 4.x SDK (v2) and v1's body, on pages the test edits. */
const pages = new Map<string, ChangingPage>();
let site: FixtureSite;
let model: OpenAiStandIn;
let api: TestApi;
let app: Firecrawl;
let searxng: StandIn;
const store = createMemoryStore();

const publish = (path: string, changes: Partial<ChangingPageState> = {}) =>
  pages.set(path, { status: 200, html: changingPageHtml({ ...INITIAL_CHANGING_PAGE, ...changes }) });
const fetches = (path: string) => site.requests.filter((request) => request.path === path).length;

beforeAll(async () => {
  site = await startFixtureSite({ changingPages: pages });
  searxng = await startSearxngStandIn({
    hits: [{ url: `${site.url}/changing/search-hit`, title: 'Harbour kettle', description: 'A kettle' }],
  });
  // The stand-in reads the price and the weight from the page, as a model would.
  model = await startOpenAiStandIn({
    respond: (request) => ({
      price: /Price: \*\*([^*]+)\*\*/.exec(request.firstUserText)?.[1] ?? null,
      weight: /Weight \| ([^|]+?) \|/.exec(request.firstUserText)?.[1] ?? null,
    }),
  });
  const llm = createLlmProvider({ provider: 'openai-compatible', model: 'stand-in', baseUrl: model.url, maxRetries: 0 });
  api = await startApi({
    store,
    auth: { 'fc-ct': 'ct-team', 'fc-other': 'other-team' },
    llm,
    credits: { 'ct-team': 1000 },
    searchProvider: searxngProvider({ endpoint: searxng.origin }),
  });
  app = new Firecrawl({ apiKey: 'fc-ct', apiUrl: api.url });
});
afterAll(async () => {
  await api?.close();
  await model?.close();
  await searxng?.close();
  await site?.close();
});

describe('changeTracking through the 4.x SDK', () => {
  it('git-diff mode: new, same, changed with the diff as text and parsed', async () => {
    const path = '/changing/sdk-git';
    publish(path);
    const url = `${site.url}${path}`;
    const formats = ['markdown' as const, { type: 'changeTracking' as const, modes: ['git-diff' as const] }];
    const first = await app.scrape(url, { formats });
    expect(first.changeTracking).toMatchObject({ changeStatus: 'new', previousScrapeAt: null, visibility: 'visible' });
    const second = await app.scrape(url, { formats });
    expect(second.changeTracking).toMatchObject({ changeStatus: 'same' });
    expect(typeof second.changeTracking?.previousScrapeAt).toBe('string');
    publish(path, { price: '$45.00' });
    const third = await app.scrape(url, { formats });
    expect(third.changeTracking?.changeStatus).toBe('changed');
    const diff = third.changeTracking?.diff as { text: string; json: { files: Array<{ chunks: unknown[] }> } };
    expect(diff.text).toContain('+Price: **$45.00**');
    expect(diff.json.files[0]!.chunks.length).toBeGreaterThan(0);
    // Another team has its own history.
    const other = new Firecrawl({ apiKey: 'fc-other', apiUrl: api.url });
    expect((await other.scrape(url, { formats })).changeTracking?.changeStatus).toBe('new');
  });

  it('json mode: fields the model extracts, previous and current per changed field; 5 credits a page', async () => {
    const path = '/changing/sdk-json';
    publish(path);
    const url = `${site.url}${path}`;
    const schema = { type: 'object', properties: { price: { type: 'string' }, weight: { type: 'string' } } };
    const formats = ['markdown' as const, { type: 'changeTracking' as const, modes: ['json' as const], schema, tag: 'prices' }];
    expect((await app.scrape(url, { formats })).changeTracking?.changeStatus).toBe('new');
    publish(path, { updatedAt: new Date('2027-01-01T00:00:00Z') });
    expect((await app.scrape(url, { formats })).changeTracking?.changeStatus).toBe('same');
    publish(path, { weight: '2 kg' });
    const before = await store.teams.getCredits('ct-team');
    const changed = await app.scrape(url, { formats });
    expect(changed.changeTracking?.changeStatus).toBe('changed');
    expect(changed.changeTracking?.json).toEqual({ weight: { previous: '1.2 kg', current: '2 kg' } });
    expect(before! - (await store.teams.getCredits('ct-team'))!).toBe(5);
  });

  it('needs the markdown format beside it', async () => {
    await expect(app.scrape(`${site.url}/changing/x`, { formats: [{ type: 'changeTracking' }] as never })).rejects.toThrow(/markdown/);
  });
});

describe('the scrape cache', () => {
  it('v2 serves a hit within its default maxAge (two days) without fetching; maxAge 0 fetches', async () => {
    const path = '/changing/cache-v2';
    publish(path);
    const url = `${site.url}${path}`;
    const first = await app.scrape(url);
    expect(first.metadata?.cacheState).toBe('miss');
    const fetched = fetches(path);
    const hit = await app.scrape(url);
    expect(fetches(path)).toBe(fetched);
    expect(hit.metadata?.cacheState).toBe('hit');
    expect(hit.metadata?.cachedAt).toMatch(/^\d{4}-/);
    const fresh = await app.scrape(url, { maxAge: 0 });
    expect(fetches(path)).toBe(fetched + 1);
    expect(fresh.metadata?.cacheState).toBeUndefined();
  });

  it('v1 defaults to maxAge 0, serves a hit when asked, keeps nothing with zeroDataRetention; minAge reads the cache only', async () => {
    const path = '/changing/cache-v1';
    publish(path);
    const url = `${site.url}${path}`;
    const scrapeV1 = (body: Record<string, unknown>) => api.request('POST', '/v1/scrape', { token: 'fc-ct', body: { url, ...body } });
    const missing = await scrapeV1({ minAge: 0 });
    expect(missing.status).toBe(404);
    expect(missing.body.code ?? missing.body.details?.[0]?.code ?? missing.body.error).toBeTruthy();
    await scrapeV1({ zeroDataRetention: true });
    expect((await scrapeV1({ minAge: 0 })).status).toBe(404);
    await scrapeV1({});
    const fetched = fetches(path);
    const hit = await scrapeV1({ maxAge: 60_000 });
    expect(hit.body.data.metadata.cacheState).toBe('hit');
    expect(fetches(path)).toBe(fetched);
    const tracked = await scrapeV1({ formats: ['markdown', 'changeTracking'], changeTrackingOptions: { modes: ['git-diff'] } });
    expect(tracked.status).toBe(200);
    expect(tracked.body.data.changeTracking.changeStatus).toBe('new');
  });

  it('batch scrape and search with scrape go through the cache too', async () => {
    const path = '/changing/cache-batch';
    publish(path);
    const url = `${site.url}${path}`;
    const first = await app.batchScrape([url], { options: { formats: ['markdown'] }, pollInterval: 0.2 });
    expect(first.data[0]?.metadata?.cacheState).toBe('miss');
    const fetched = fetches(path);
    const second = await app.batchScrape([url], { options: { formats: ['markdown'] }, pollInterval: 0.2 });
    expect(second.data[0]?.metadata?.cacheState).toBe('hit');
    expect(fetches(path)).toBe(fetched);
    const third = await app.batchScrape([url], { options: { formats: ['markdown'], maxAge: 0 }, pollInterval: 0.2 });
    expect(third.data[0]?.metadata?.cacheState).toBeUndefined();
    expect(fetches(path)).toBe(fetched + 1);

    publish('/changing/search-hit');
    const search = () => app.search('kettle', { limit: 1, scrapeOptions: { formats: ['markdown'] } });
    const cacheStateOf = (result: Awaited<ReturnType<typeof search>>) =>
      (result.web?.[0] as { metadata?: { cacheState?: string } } | undefined)?.metadata?.cacheState;
    expect(cacheStateOf(await search())).toBe('miss');
    const hitsBefore = fetches('/changing/search-hit');
    expect(cacheStateOf(await search())).toBe('hit');
    expect(fetches('/changing/search-hit')).toBe(hitsBefore);
  });

  it("crawl and batch pages carry changeTracking too, in the team's history of their tag", async () => {
    const path = '/changing/job-tracked';
    publish(path);
    const url = `${site.url}${path}`;
    const formats = ['markdown' as const, { type: 'changeTracking' as const, modes: ['git-diff' as const], tag: 'jobs' }];
    const crawled = await app.crawl(url, { limit: 1, scrapeOptions: { formats }, pollInterval: 0.2 });
    expect(crawled.data[0]?.changeTracking).toMatchObject({ changeStatus: 'new' });
    const batched = await app.batchScrape([url], { options: { formats }, pollInterval: 0.2 });
    expect(batched.data[0]?.changeTracking).toMatchObject({ changeStatus: 'same' });
    expect(batched.data[0]?.rawHtml).toBeUndefined();
    publish(path, { price: '$30.00' });
    const again = await app.crawl(url, { limit: 1, scrapeOptions: { formats }, pollInterval: 0.2 });
    const tracking = again.data[0]?.changeTracking as { changeStatus: string; diff: { text: string } };
    expect(tracking.changeStatus).toBe('changed');
    expect(tracking.diff.text).toContain('+Price: **$30.00**');
  });
});

describe("v1 crawl and batch bodies take changeTracking in their formats (Firecrawl v1's scrapeOptions)", () => {
  /** Starts a v1 job and polls its status until it is done; its pages. */
  async function v1Job(path: string, body: Record<string, unknown>): Promise<Array<Record<string, any>>> {
    const started = await api.request('POST', path, { token: 'fc-ct', body });
    expect(started.status).toBe(200);
    for (;;) {
      const status = await api.request('GET', `${path}/${started.body.id}`, { token: 'fc-ct' });
      if (status.body.status === 'completed') return status.body.data;
      expect(status.body.status).toBe('scraping');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('a v1 crawl then a v1 batch read new, same, then changed with the diff, in the history of their tag', async () => {
    const path = '/changing/v1-job-tracked';
    publish(path);
    const url = `${site.url}${path}`;
    const options = { formats: ['markdown', 'changeTracking'], changeTrackingOptions: { modes: ['git-diff'], tag: 'v1-jobs' } };
    const crawled = await v1Job('/v1/crawl', { url, limit: 1, scrapeOptions: options });
    expect(crawled[0]?.changeTracking).toMatchObject({ changeStatus: 'new', previousScrapeAt: null });
    const batched = await v1Job('/v1/batch/scrape', { urls: [url], ...options });
    expect(batched[0]?.changeTracking).toMatchObject({ changeStatus: 'same' });
    publish(path, { price: '$41.00' });
    const again = await v1Job('/v1/batch/scrape', { urls: [url], ...options });
    expect(again[0]?.changeTracking.changeStatus).toBe('changed');
    expect(again[0]?.changeTracking.diff.text).toContain('+Price: **$41.00**');
    // Another tag is another history; without the format nothing is compared.
    const otherTag = await v1Job('/v1/crawl', { url, limit: 1, scrapeOptions: { ...options, changeTrackingOptions: { tag: 'v1-other' } } });
    expect(otherTag[0]?.changeTracking).toMatchObject({ changeStatus: 'new' });
    const plain = await v1Job('/v1/batch/scrape', { urls: [url], formats: ['markdown'] });
    expect(plain[0]?.changeTracking).toBeUndefined();
  });

  it('refuses the format without markdown, and unknown change-tracking options, with a 400', async () => {
    const url = `${site.url}/changing/v1-job-tracked`;
    const noMarkdown = await api.request('POST', '/v1/crawl', {
      token: 'fc-ct',
      body: { url, scrapeOptions: { formats: ['html', 'changeTracking'] } },
    });
    expect(noMarkdown.status).toBe(400);
    const unknown = await api.request('POST', '/v1/batch/scrape', {
      token: 'fc-ct',
      body: { urls: [url], formats: ['markdown', 'changeTracking'], changeTrackingOptions: { modes: ['git-diff'], colour: 'red' } },
    });
    expect(unknown.status).toBe(400);
  });
});

describe('search with scrape takes changeTracking', () => {
  it("compares each scraped hit with its last scrape in the team's history of the tag: new, same, changed, removed", async () => {
    const path = '/changing/search-hit';
    publish(path);
    const formats = ['markdown' as const, { type: 'changeTracking' as const, modes: ['git-diff' as const], tag: 'search' }];
    const trackingOf = async () => {
      const result = await app.search('kettle', { limit: 1, scrapeOptions: { formats } });
      return (
        result.web?.[0] as unknown as
          | { changeTracking?: { changeStatus: string; previousScrapeAt: string | null; diff?: { text: string } } }
          | undefined
      )?.changeTracking;
    };
    const fetched = fetches(path);
    expect(await trackingOf()).toMatchObject({ changeStatus: 'new', previousScrapeAt: null });
    const second = await trackingOf();
    expect(second).toMatchObject({ changeStatus: 'same' });
    expect(second?.previousScrapeAt).toEqual(expect.any(String));
    // A tracked hit is always fetched: it compares what the page says now, never a cached copy.
    expect(fetches(path)).toBe(fetched + 2);
    publish(path, { price: '$52.00' });
    const changed = await trackingOf();
    expect(changed?.changeStatus).toBe('changed');
    expect(changed?.diff?.text).toContain('+Price: **$52.00**');
    pages.set(path, { status: 404, html: '<html><body><h1>Gone</h1></body></html>' });
    expect((await trackingOf())?.changeStatus).toBe('removed');
  });

  it("json mode's hits cost a model-read page's credits (5 each)", async () => {
    publish('/changing/search-hit');
    const result = await api.request('POST', '/v2/search', {
      token: 'fc-ct',
      body: {
        query: 'kettle',
        limit: 1,
        scrapeOptions: { formats: ['markdown', { type: 'changeTracking', modes: ['json'], prompt: 'the price', tag: 'search-json' }] },
      },
    });
    expect(result.status).toBe(200);
    expect(result.body.creditsUsed).toBe(5);
    expect(result.body.data.web[0].changeTracking.changeStatus).toBe('new');
  });
});

describe('crawl pages go through the scrape cache', () => {
  it('a second crawl is served from the copies the first kept, links included, with no fetch; maxAge 0 fetches', async () => {
    const hubHtml = (links: string[]) =>
      `<!doctype html><html><head><title>Shelf</title></head><body><main><h1>Shelf</h1><ul>${links
        .map((link) => `<li><a href="${link}">${link}</a></li>`)
        .join('')}</ul><p>The shelf of kettles the crawl starts from, one link per kettle.</p></main></body></html>`;
    pages.set('/changing/shelf', { status: 200, html: hubHtml(['/changing/shelf-a', '/changing/shelf-b']) });
    publish('/changing/shelf-a', { title: 'Kettle A' });
    publish('/changing/shelf-b', { title: 'Kettle B' });
    const paths = ['/changing/shelf', '/changing/shelf-a', '/changing/shelf-b'];
    const fetchedNow = () => paths.map(fetches);
    const crawl = (options: { maxAge?: number } = {}) =>
      app.crawl(`${site.url}/changing/shelf`, {
        limit: 10,
        crawlEntireDomain: true,
        sitemap: 'skip',
        includePaths: ['^/changing/shelf'],
        scrapeOptions: { formats: ['markdown'], ...options },
        pollInterval: 0.2,
      });
    const pathsOf = (job: Awaited<ReturnType<typeof crawl>>) =>
      job.data.map((document) => new URL(document.metadata?.sourceURL ?? document.metadata?.url ?? '').pathname).sort();
    const states = (job: Awaited<ReturnType<typeof crawl>>) => job.data.map((document) => document.metadata?.cacheState);

    const first = await crawl();
    expect(pathsOf(first)).toEqual(paths);
    expect(states(first)).toEqual(['miss', 'miss', 'miss']);
    const before = fetchedNow();
    // The hub now links elsewhere, but its cached copy (two days' maxAge, v2's default) still answers.
    pages.set('/changing/shelf', { status: 200, html: hubHtml(['/changing/shelf-a']) });
    const second = await crawl();
    expect(pathsOf(second)).toEqual(paths);
    expect(states(second)).toEqual(['hit', 'hit', 'hit']);
    expect(second.data.every((document) => typeof document.metadata?.cachedAt === 'string')).toBe(true);
    expect(fetchedNow()).toEqual(before);
    expect(second.creditsUsed).toBe(3);
    // maxAge 0 fetches every page again and follows what the hub says now.
    const third = await crawl({ maxAge: 0 });
    expect(pathsOf(third)).toEqual(['/changing/shelf', '/changing/shelf-a']);
    expect(states(third)).toEqual([undefined, undefined]);
    expect(fetches('/changing/shelf')).toBe(before[0]! + 1);
  });
});

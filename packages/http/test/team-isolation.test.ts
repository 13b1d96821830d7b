import { createMemoryStore } from '@trawl/core';
import { createLlmProvider } from '@trawl/llm';
import { readFromPrompt, startOpenAiStandIn, type OpenAiStandIn } from '@trawl/llm/testing';
import { createTeamSearchIndex } from '@trawl/search';
import { ECHO_PREFIX, limitPages, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startApi, type TestApi } from './helpers/api-server.js';

/**
 * Every store-backed feature, swept for cross-team reads: team B makes jobs of each kind, scrape
 * results, cached pages and change-tracking snapshots, a monitor, search-index entries and usage;
 * team D, on the same server and store, reaches none of it through any route: ids answer 404,
 * lists come back empty, its search finds nothing of B's, its usage shows nothing of B's.
 * (Browser sessions are Firecrawl's hosted product; Trawl keeps none.)
 */
let site: FixtureSite;
let model: OpenAiStandIn;
let api: TestApi;
const B = 'key-team-b';
const D = 'key-team-d';
/** What team B's requests send to the site: a page that echoes them puts them in B's index. */
const SECRET_TOKEN = 'b-secret-bearer-7f3a';
const SECRET_COOKIE = 'b-secret-cookie-91c2';

/** The ids of everything team B made. */
const made = {
  crawl: '',
  runningCrawl: '',
  batch: '',
  v0Crawl: '',
  scrape: '',
  extract: '',
  llmsTxt: '',
  monitor: '',
};

beforeAll(async () => {
  site = await startFixtureSite();
  model = await startOpenAiStandIn({ respond: (request) => readFromPrompt(request) });
  const store = createMemoryStore();
  const search = createTeamSearchIndex({ store });
  api = await startApi({
    store,
    auth: { [B]: 'team-b', [D]: 'team-d' },
    credits: { 'team-b': 1000, 'team-d': 1000 },
    llm: createLlmProvider({ provider: 'openai-compatible', model: 'stand-in', baseUrl: model.url, maxRetries: 0 }),
    searchProvider: search,
    onPage: (document, jobId) => search.indexJobPage(document, jobId),
    worker: { concurrency: 4 },
  });
  const b = (method: string, path: string, body?: unknown) => api.request(method, path, { token: B, ...(body ? { body } : {}) });
  const secretHeaders = { authorization: `Bearer ${SECRET_TOKEN}`, cookie: `session=${SECRET_COOKIE}` };

  made.crawl = (
    await b('POST', '/v2/crawl', { url: `${site.url}${limitPages.echoHeaders}`, limit: 1, scrapeOptions: { headers: secretHeaders } })
  ).body.id;
  made.batch = (await b('POST', '/v2/batch/scrape', { urls: [`${site.url}/articles/minimal`] })).body.id;
  made.v0Crawl = (await b('POST', '/v0/crawl', { url: `${site.url}/crawl/a`, crawlerOptions: { limit: 1 } })).body.jobId;
  const scraped = await b('POST', '/v2/scrape', {
    url: `${site.url}/articles/boilerplate`,
    formats: ['markdown', { type: 'changeTracking', modes: ['git-diff'] }],
  });
  made.scrape = scraped.body.data.metadata.scrapeId;
  made.extract = (await b('POST', '/v1/extract', { urls: [`${site.url}/articles/minimal`], prompt: 'the title' })).body.id;
  made.llmsTxt = (await b('POST', '/v1/llmstxt', { url: `${site.url}/crawl/`, maxUrls: 1 })).body.id;
  made.monitor = (
    await b('POST', '/v2/monitor', {
      name: 'b-monitor',
      schedule: { cron: '0 0 1 1 *' },
      targets: [{ type: 'scrape', urls: [`${site.url}/articles/minimal`] }],
    })
  ).body.data.id;
  await api.waitForJob(`/v2/crawl/${made.crawl}`, B);
  await api.waitForJob(`/v2/batch/scrape/${made.batch}`, B);
  await api.server.api.settled();
  // A crawl still running while D looks: its queue and the active lists must stay B's.
  made.runningCrawl = (await b('POST', '/v1/crawl', { url: `${site.url}/slow?ms=4000`, ignoreSitemap: true })).body.id;
}, 60_000);

afterAll(async () => {
  if (made.runningCrawl) await api?.request('DELETE', `/v1/crawl/${made.runningCrawl}`, { token: B });
  await api?.close();
  await model?.close();
  await site?.close();
});

function openStream(path: string, key: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${api.url.replace(/^http/, 'ws')}${path}`, key);
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('open', () => {
      ws.close();
      resolve(101);
    });
    ws.on('error', reject);
  });
}

describe("team D never sees team B's data", () => {
  it('every id of B answers 404 to D, on every route that takes one, while B still reads it', async () => {
    const probes: Array<[string, string, unknown?]> = [
      ...['/v1/crawl', '/v2/crawl'].flatMap(
        (base): Array<[string, string]> => [
          ['GET', `${base}/${made.crawl}`],
          ['GET', `${base}/${made.crawl}/errors`],
          ['DELETE', `${base}/${made.runningCrawl}`],
        ],
      ),
      ['DELETE', `/v1/crawl/${made.crawl}/errors`],
      ...['/v1/batch/scrape', '/v2/batch/scrape'].flatMap(
        (base): Array<[string, string]> => [
          ['GET', `${base}/${made.batch}`],
          ['GET', `${base}/${made.batch}/errors`],
          ['DELETE', `${base}/${made.batch}`],
        ],
      ),
      ['POST', '/v2/batch/scrape', { urls: [`${site.url}/articles/minimal`], appendToId: made.batch }],
      ['GET', `/v0/crawl/status/${made.v0Crawl}`],
      ['DELETE', `/v0/crawl/cancel/${made.v0Crawl}`],
      ['GET', `/v2/scrape/${made.scrape}`],
      ['GET', `/v1/extract/${made.extract}`],
      ['GET', `/v2/extract/${made.extract}`],
      ['GET', `/v1/llmstxt/${made.llmsTxt}`],
      ['GET', `/v2/monitor/${made.monitor}`],
      ['PATCH', `/v2/monitor/${made.monitor}`, { name: 'taken over' }],
      ['POST', `/v2/monitor/${made.monitor}/run`, {}],
      ['GET', `/v2/monitor/${made.monitor}/checks`],
      ['DELETE', `/v2/monitor/${made.monitor}`],
    ];
    for (const [method, path, body] of probes) {
      const foreign = await api.request(method, path, { token: D, ...(body ? { body } : {}) });
      expect(foreign.status, `${method} ${path}`).toBe(404);
    }
    for (const path of [`/v1/crawl/${made.crawl}`, `/v2/crawl/${made.crawl}`, `/v2/batch/scrape/${made.batch}`]) {
      expect(await openStream(path, D), `stream ${path}`).toBe(404);
    }
    // B's own reads still work: the 404s are about the team, not the ids.
    expect((await api.request('GET', `/v2/scrape/${made.scrape}`, { token: B })).status).toBe(200);
    expect((await api.request('GET', `/v2/monitor/${made.monitor}`, { token: B })).body.data.name).toBe('b-monitor');
    expect((await api.request('GET', `/v2/crawl/${made.runningCrawl}`, { token: B })).body.status).toBe('scraping');
    expect(await openStream(`/v2/crawl/${made.crawl}`, B)).toBe(101);
  });

  it("D's lists, queue and usage hold nothing of B's", async () => {
    const d = (path: string) => api.request('GET', path, { token: D }).then((res) => res.body);
    expect((await d('/v1/crawl/active')).crawls).toEqual([]);
    expect((await d('/v2/crawl/active')).crawls).toEqual([]);
    expect((await d('/v2/monitor')).data).toEqual([]);
    expect(await d('/v2/team/queue-status')).toMatchObject({ jobsInQueue: 0, activeJobsInQueue: 0, waitingJobsInQueue: 0 });
    expect((await d('/v2/concurrency-check')).concurrency).toBe(0);
    expect((await d('/v1/team/credit-usage')).data.remaining_credits).toBe(1000);
    expect((await d('/v2/team/credit-usage')).data.remainingCredits).toBe(1000);
    expect((await d('/v2/team/credit-usage/historical')).periods.every((p: { creditsUsed: number }) => p.creditsUsed === 0)).toBe(true);
    expect((await d('/v1/team/token-usage')).data.tokens_used).toBe(0);
    expect((await d('/v2/team/token-usage/historical')).periods.every((p: { tokensUsed: number }) => p.tokensUsed === 0)).toBe(true);
    // B's lists do hold them.
    expect((await api.request('GET', '/v2/crawl/active', { token: B })).body.crawls.map((c: { id: string }) => c.id)).toEqual([
      made.runningCrawl,
    ]);
    expect((await api.request('GET', '/v1/team/credit-usage', { token: B })).body.data.remaining_credits).toBeLessThan(1000);
  });

  it("D's searches (v1, v2) find nothing of B's pages, whose text holds B's secret headers; B's find them", async () => {
    for (const query of [SECRET_COOKIE, SECRET_TOKEN, ECHO_PREFIX]) {
      const v1 = await api.request('POST', '/v1/search', { token: D, body: { query, limit: 10 } });
      expect(v1.status).toBe(200);
      expect(JSON.stringify(v1.body.data)).not.toContain('echo-headers');
      const v2 = await api.request('POST', '/v2/search', {
        token: D,
        body: { query, limit: 10, scrapeOptions: { formats: ['markdown'] } },
      });
      expect(v2.status).toBe(200);
      expect(JSON.stringify(v2.body)).not.toMatch(/b-secret|echo-headers/);
    }
    const own = await api.request('POST', '/v2/search', {
      token: B,
      body: { query: SECRET_COOKIE, scrapeOptions: { formats: ['markdown'] } },
    });
    expect(own.body.data.web[0].url).toBe(`${site.url}${limitPages.echoHeaders}`);
    expect(own.body.data.web[0].markdown).toContain(SECRET_COOKIE);
  });

  it("D's scrapes never get B's cached copy or change-tracking history", async () => {
    const url = `${site.url}/articles/boilerplate`;
    const cacheOnly = await api.request('POST', '/v1/scrape', { token: D, body: { url, minAge: 0 } });
    expect(cacheOnly.status).toBe(404);
    const cached = await api.request('POST', '/v2/scrape', { token: D, body: { url, maxAge: 3_600_000 } });
    expect(cached.body.data.metadata.cacheState).toBe('miss');
    const tracked = await api.request('POST', '/v2/scrape', {
      token: D,
      body: { url, formats: ['markdown', { type: 'changeTracking', modes: ['git-diff'] }] },
    });
    expect(tracked.body.data.changeTracking).toMatchObject({ changeStatus: 'new', previousScrapeAt: null });
    // B's history is there for B.
    const again = await api.request('POST', '/v2/scrape', {
      token: B,
      body: { url, maxAge: 0, formats: ['markdown', { type: 'changeTracking', modes: ['git-diff'] }] },
    });
    expect(again.body.data.changeTracking.changeStatus).toBe('same');
  });
});

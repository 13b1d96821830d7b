import { createLlmProvider } from '@trawl/llm';
import { startOpenAiStandIn, type OpenAiStandIn } from '@trawl/llm/testing';
import { searxngProvider } from '@trawl/search';
import { fixtureHits, startSearxngStandIn, type StandIn } from '@trawl/search/testing';
import { startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './helpers/api-server.js';
import { firecrawlFieldCases, firecrawlRefusedCases } from './helpers/firecrawl-fields.js';

/**
 * Issue #32.4: every field Firecrawl's own v1/v2 schemas (and the 4.42 SDK's types) accept is
 * accepted on every route, the ones Trawl does not use named in `warning`; what Firecrawl
 * refuses is still refused.
 */
let site: FixtureSite;
let searxng: StandIn;
let model: OpenAiStandIn;
let api: TestApi;
const token = 'fc-fields';

beforeAll(async () => {
  site = await startFixtureSite();
  searxng = await startSearxngStandIn({ hits: () => fixtureHits(site.url).slice(0, 3) });
  model = await startOpenAiStandIn();
  api = await startApi({
    auth: { [token]: 'fields-team' },
    searchProvider: searxngProvider({ endpoint: searxng.origin }),
    llm: createLlmProvider({ provider: 'openai-compatible', model: 'stand-in', baseUrl: model.url, maxRetries: 0 }),
  });
});
afterAll(async () => {
  await api?.close();
  await model?.close();
  await searxng?.close();
  await site?.close();
});

describe("every field of Firecrawl's request schemas", () => {
  it.each(firecrawlFieldCases('http://fixture.invalid').map((entry) => [entry.route, entry.warns.length]))(
    '%s: accepted, its %i unused fields named in the warning',
    async (route) => {
      const entry = firecrawlFieldCases(site.url).find((candidate) => candidate.route === route)!;
      const response = await api.request('POST', route, { token, body: entry.body });
      expect(response.status, JSON.stringify(response.body).slice(0, 600)).toBe(200);
      expect(response.body.success).toBe(true);
      // A scrape's warning is on its document, as Firecrawl's v2 puts it; a job's on the answer.
      const warning: string = response.body.warning ?? response.body.data?.warning ?? '';
      for (const field of entry.warns) expect(warning, `${route} names ${field}`).toContain(`${field} `);
      if (!entry.warns.length) expect(warning).toBe('');
    },
  );

  it('a field left at what changes nothing (false, empty) brings no warning', async () => {
    const response = await api.request('POST', '/v2/scrape', {
      token,
      body: { url: `${site.url}/articles/boilerplate`, onlyCleanContent: false, notifyOnCompletion: false, fastMode: false },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.warning).toBeUndefined();
  });

  it.each(firecrawlRefusedCases('http://fixture.invalid').map((entry) => [entry.route, entry.key]))(
    '%s: %s is refused, as Firecrawl refuses it',
    async (route, key) => {
      const entry = firecrawlRefusedCases(site.url).find((candidate) => candidate.route === route && candidate.key === key)!;
      const response = await api.request('POST', route, { token, body: entry.body });
      expect(response.status).toBe(400);
      expect(JSON.stringify(response.body)).toContain(key);
    },
  );
});

describe('fields Trawl now applies', () => {
  it('v2 and v1 map: headers reach the site, filterByPath keeps the start path, ignoreQueryParameters on v1', async () => {
    const v2 = await api.request('POST', '/v2/map', {
      token,
      body: { url: `${site.url}/crawl/`, filterByPath: true, headers: { 'x-trawl-map': 'v2' }, limit: 50 },
    });
    expect(v2.status).toBe(200);
    const v2Urls = (v2.body.links as Array<{ url: string }>).map((link) => link.url);
    expect(v2Urls.length).toBeGreaterThan(1);
    for (const url of v2Urls) expect(new URL(url).pathname.startsWith('/crawl/')).toBe(true);
    expect(site.requests.some((request) => request.headers['x-trawl-map'] === 'v2')).toBe(true);

    const v1 = await api.request('POST', '/v1/map', {
      token,
      body: { url: `${site.url}/crawl/`, ignoreQueryParameters: true, limit: 50 },
    });
    expect(v1.status).toBe(200);
    const v1Urls = v1.body.links as string[];
    expect(v1Urls).toContain(`${site.url}/crawl/b`);
    expect(v1Urls.filter((url) => url.startsWith(`${site.url}/crawl/b?`))).toEqual([]);
  });

  it.each(['v1', 'v2'].flatMap((version) => ['basic', 'enhanced', 'stealth', 'auto'].map((proxy) => [version, proxy])))(
    '%s scrape takes proxy %s, as Firecrawl does',
    async (version, proxy) => {
      const response = await api.request('POST', `/${version}/scrape`, { token, body: { url: `${site.url}/articles/minimal`, proxy } });
      expect(response.status).toBe(200);
      expect(response.body.data.metadata.statusCode).toBe(200);
    },
  );

  it('v1 scrape: geolocation is read as location; agent (FIRE-1) is a 501 naming it', async () => {
    const located = await api.request('POST', '/v1/scrape', {
      token,
      body: { url: `${site.url}/articles/boilerplate`, geolocation: { country: 'DE' } },
    });
    expect(located.status).toBe(200);
    const agent = await api.request('POST', '/v1/scrape', {
      token,
      body: { url: `${site.url}/articles/boilerplate`, agent: { model: 'FIRE-1', prompt: 'click' } },
    });
    expect(agent.status).toBe(501);
    expect(agent.body.error).toContain('agent');
  });

  it("v2 crawl: robotsUserAgent picks the robots.txt group obeyed, instead of Trawl's", async () => {
    const robotsTxt = 'User-agent: OtherBot\nDisallow: /crawl/b\n\nUser-agent: *\nAllow: /\n';
    const strict = await startFixtureSite({ robotsTxt });
    try {
      const crawled = async (robotsUserAgent?: string) => {
        const body = { url: `${strict.url}/crawl/`, limit: 20, sitemap: 'skip', ...(robotsUserAgent ? { robotsUserAgent } : {}) };
        const started = await api.request('POST', '/v2/crawl', { token, body });
        expect(started.status).toBe(200);
        const done = await api.waitForJob(`/v2/crawl/${started.body.id}`, token);
        return (done.body.data as Array<{ metadata: { sourceURL: string } }>).map((doc) => new URL(doc.metadata.sourceURL).pathname);
      };
      expect(await crawled()).toContain('/crawl/b');
      const asOtherBot = await crawled('OtherBot');
      expect(asOtherBot).toContain('/crawl/');
      expect(asOtherBot).not.toContain('/crawl/b');
    } finally {
      await strict.close();
    }
  });

  it('v1 batch: appendToId adds URLs to a running batch', async () => {
    const started = await api.request('POST', '/v1/batch/scrape', {
      token,
      body: { urls: [`${site.url}/slow?ms=1500`] },
    });
    expect(started.status).toBe(200);
    const appended = await api.request('POST', '/v1/batch/scrape', {
      token,
      body: { urls: [`${site.url}/articles/minimal`], appendToId: started.body.id },
    });
    expect(appended.status).toBe(200);
    expect(appended.body.id).toBe(started.body.id);
  });
});

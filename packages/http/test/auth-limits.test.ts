import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStore } from '@trawl/core';
import { createServer } from '@trawl/http';
import { startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { startApi, type TestApi } from './helpers/api-server.js';

let site: FixtureSite;

beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(async () => {
  await site?.close();
});

describe('bearer keys', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi({ auth: { 'key-a': 'team-a', 'key-b': 'team-b' } });
  });
  afterAll(() => api?.close());

  it('refuses a missing, empty or wrong key with 401', async () => {
    const none = await api.request('GET', '/v1/team/credit-usage');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ success: false, error: 'Unauthorized' });
    // The 1.x SDK sends `Bearer ` with nothing after it when no key was given.
    const empty = await api.request('GET', '/v1/team/credit-usage', { headers: { authorization: 'Bearer ' } });
    expect(empty.status).toBe(401);
    expect(empty.body.error).toBe('Unauthorized: Token missing');
    const wrong = await api.request('GET', '/v1/team/credit-usage', { token: 'key-c' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('Unauthorized: Invalid token');
    const v0 = await api.request('POST', '/v0/scrape', { token: 'nope', body: { url: `${site.url}/` } });
    expect(v0.status).toBe(401);
    expect('success' in v0.body).toBe(false);
  });

  it('lets a valid key in', async () => {
    const res = await api.request('GET', '/v1/team/credit-usage', { token: 'key-a' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: { remaining_credits: 99_999_999, plan_credits: 99_999_999, billing_period_start: null, billing_period_end: null },
    });
  });

  it("never lets one team read, page, cancel or list errors of another team's job", async () => {
    const start = await api.request('POST', '/v1/batch/scrape', { token: 'key-a', body: { urls: [`${site.url}/blog/1`] } });
    const id = start.body.id;
    await api.waitForJob(`/v1/batch/scrape/${id}`, 'key-a');
    for (const [method, path] of [
      ['GET', `/v1/batch/scrape/${id}`],
      ['GET', `/v1/crawl/${id}?skip=0`],
      ['GET', `/v1/batch/scrape/${id}/errors`],
      ['DELETE', `/v1/crawl/${id}/errors`],
      ['DELETE', `/v1/batch/scrape/${id}`],
    ] as const) {
      const foreign = await api.request(method, path, { token: 'key-b' });
      expect(foreign.status, `${method} ${path}`).toBe(404);
    }
    const v0 = await api.request('POST', '/v0/crawl', {
      token: 'key-a',
      body: { url: `${site.url}/crawl/a`, crawlerOptions: { limit: 1 } },
    });
    expect((await api.request('GET', `/v0/crawl/status/${v0.body.jobId}`, { token: 'key-b' })).status).toBe(404);
    expect((await api.request('DELETE', `/v0/crawl/cancel/${v0.body.jobId}`, { token: 'key-b' })).status).toBe(404);
    // The owner still sees it, untouched.
    const own = await api.request('GET', `/v1/batch/scrape/${id}`, { token: 'key-a' });
    expect(own.body.status).toBe('completed');
  });
});

describe('auth function', () => {
  it('resolves teams through a function of the token', async () => {
    const api = await startApi({ auth: async (token) => (token.startsWith('fc-') ? `team-${token.slice(3)}` : null) });
    try {
      expect((await api.request('GET', '/v1/team/credit-usage', { token: 'fc-x' })).status).toBe(200);
      expect((await api.request('GET', '/v1/team/credit-usage', { token: 'zz' })).status).toBe(401);
    } finally {
      await api.close();
    }
  });
});

describe('credits', () => {
  it('bills 1 per scraped page and 1 per map, answers 402 with the spec body when a request cannot be paid', async () => {
    const store = createMemoryStore();
    const api = await startApi({ store, auth: { k: 'payer' }, credits: { payer: 3 } });
    try {
      const usage = () => api.request('GET', '/v1/team/credit-usage', { token: 'k' }).then((r) => r.body.data.remaining_credits);
      expect(await usage()).toBe(3);
      expect((await api.request('POST', '/v1/scrape', { token: 'k', body: { url: `${site.url}/articles/minimal` } })).status).toBe(200);
      expect(await usage()).toBe(2);
      expect((await api.request('POST', '/v1/map', { token: 'k', body: { url: `${site.url}/crawl/`, limit: 2 } })).status).toBe(200);
      expect(await usage()).toBe(1);
      const batch = await api.request('POST', '/v1/batch/scrape', {
        token: 'k',
        body: { urls: [`${site.url}/blog/1`, `${site.url}/blog/2`] },
      });
      expect(batch.status).toBe(402);
      expect(batch.body).toEqual({ error: 'Payment required to access this resource.' });
      // A crawl shrinks to what the team can pay: one page here.
      const crawl = await api.request('POST', '/v1/crawl', { token: 'k', body: { url: `${site.url}/crawl/`, ignoreSitemap: true } });
      const done = await api.waitForJob(`/v1/crawl/${crawl.body.id}`, 'k');
      expect(done.body.completed).toBe(1);
      await api.server.api.settled();
      expect(await usage()).toBe(0);
      const scrape = await api.request('POST', '/v1/scrape', { token: 'k', body: { url: `${site.url}/articles/minimal` } });
      expect(scrape.status).toBe(402);
      expect(scrape.body).toEqual({ error: 'Payment required to access this resource.' });
      const v0 = await api.request('POST', '/v0/scrape', { token: 'k', body: { url: `${site.url}/articles/minimal` } });
      expect(v0.status).toBe(402);
      expect(v0.body).toEqual({ error: 'Payment required to access this resource.' });
    } finally {
      await api.close();
    }
  });

  it('does not refill a balance on restart', async () => {
    const store = createMemoryStore();
    await store.teams.setCredits('t', 7);
    const api = await startApi({ store, auth: { k: 't' }, credits: { t: 100 } });
    try {
      expect((await api.request('GET', '/v1/team/credit-usage', { token: 'k' })).body.data.remaining_credits).toBe(7);
    } finally {
      await api.close();
    }
  });
});

describe('rate limits', () => {
  it('answers 429 with the spec body and Retry-After, per team and endpoint class, with counters in the store', async () => {
    const store = createMemoryStore();
    const options = { store, auth: { ka: 'a', kb: 'b' }, rateLimits: { status: 2 } };
    const first = await startApi(options);
    // A second API node on the same store shares the counters.
    const second = await startApi({ ...options, worker: false });
    try {
      const read = (api: TestApi, token: string) => api.request('GET', '/v1/crawl/unknown-id', { token });
      expect((await read(first, 'ka')).status).toBe(404);
      expect((await read(second, 'ka')).status).toBe(404);
      const limited = await read(first, 'ka');
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ error: 'Request rate limit exceeded. Please wait and try again later.' });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      // Another team, and another class, have their own budgets.
      expect((await read(second, 'kb')).status).toBe(404);
      expect((await first.request('GET', '/v1/team/credit-usage', { token: 'ka' })).status).toBe(200);
      const v0 = await first.request('GET', '/v0/crawl/status/x', { token: 'ka' });
      expect(v0.status).toBe(429);
      expect(v0.body).toEqual({ error: 'Request rate limit exceeded. Please wait and try again later.' });
    } finally {
      await second.close();
      await first.close();
    }
  });

  it('uses the {success:false} form on the endpoints the spec says', async () => {
    const api = await startApi({ rateLimits: { team: 0 } });
    try {
      const res = await api.request('GET', '/v1/team/credit-usage');
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ success: false, error: 'Request rate limit exceeded. Please wait and try again later.' });
    } finally {
      await api.close();
    }
  });
});

describe('open access', () => {
  it('refuses to listen on a non-loopback host without keys', async () => {
    const server = createServer({ sweepIntervalMs: 0 });
    try {
      await expect(server.listen(0, '0.0.0.0')).rejects.toThrow(/without API keys/);
      expect(server.server.listening).toBe(false);
    } finally {
      await server.close();
    }
  });

  it('listens anywhere once keys are configured', async () => {
    const server = createServer({ sweepIntervalMs: 0, auth: { k: 't' } });
    try {
      const url = await server.listen(0, '0.0.0.0');
      expect(url).toMatch(/^http:\/\/0\.0\.0\.0:\d+$/);
    } finally {
      await server.close();
    }
  });
});

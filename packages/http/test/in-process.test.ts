import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { phrases } from '@trawl/testkit';
import type { TrawlApi } from '@trawl/http';
import { describe, expect, it } from 'vitest';
import { siteAndApi } from './helpers/api-server.js';

/**
 * `TrawlApi.invoke`, the MCP server's way in: an endpoint run in-process for a known caller goes
 * through the same rate limits, credits and handlers as an HTTP request to it.
 */
const env = siteAndApi({
  auth: { 'key-a': 'team-a' },
  credits: { 'team-a': 3 },
  rateLimits: { map: 1 },
});
const account = { teamId: 'team-a', apiKey: 'key-a' };
const credits = () =>
  env.api.request('GET', '/v1/team/credit-usage', { token: 'key-a' }).then((r) => r.body.data.remaining_credits as number);
const invoke: TrawlApi['invoke'] = (call) => env.api.server.api.invoke(call);

describe('TrawlApi.invoke', () => {
  it('answers what HTTP answers, and charges the same ledger', async () => {
    const before = await credits();
    const result = await invoke({ method: 'POST', path: '/v2/scrape', body: { url: `${env.site.url}/articles/minimal` }, account });
    expect(result.status).toBe(200);
    expect((result.body.data as { markdown: string }).markdown).toBe(phrases.minimal);
    expect(await credits()).toBe(before - 1);
  });

  it('counts against the rate limit HTTP requests count against', async () => {
    const first = await invoke({ method: 'POST', path: '/v2/map', body: { url: `${env.site.url}/` }, account });
    expect(first.status).toBe(200);
    const second = await env.api.request('POST', '/v2/map', { token: 'key-a', body: { url: `${env.site.url}/` } });
    expect(second.status).toBe(429);
  });

  it('answers failures as error bodies, with their status', async () => {
    const invalid = await invoke({ method: 'POST', path: '/v2/scrape', body: { url: 42 }, account });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    const missing = await invoke({ method: 'GET', path: '/v2/crawl/00000000-0000-4000-8000-000000000000', account });
    expect(missing.status).toBe(404);
    const unknown = await invoke({ method: 'GET', path: '/v9/nothing', account });
    expect(unknown.status).toBe(404);
    // Public routes are for HTTP probes, not in-process callers.
    expect((await invoke({ method: 'GET', path: '/healthz', account })).status).toBe(404);
  });

  it("authenticate reads a request's bearer key as the API does", async () => {
    const request = (authorization?: string) => {
      const req = new IncomingMessage(new Socket());
      if (authorization) req.headers.authorization = authorization;
      return req;
    };
    expect(await env.api.server.api.authenticate(request('Bearer key-a'))).toEqual({ teamId: 'team-a', apiKey: expect.any(String) });
    await expect(env.api.server.api.authenticate(request('Bearer key-b'))).rejects.toMatchObject({ status: 401 });
    await expect(env.api.server.api.authenticate(request())).rejects.toMatchObject({ status: 401 });
  });
});

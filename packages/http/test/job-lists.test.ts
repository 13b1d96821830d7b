import { describe, expect, it } from 'vitest';
import { siteAndApi } from './helpers/api-server.js';

const A = 'list-key-a';
const B = 'list-key-b';
const env = siteAndApi({ auth: { [A]: 'team-a', [B]: 'team-b' } });

describe('job lists (GET /v2/crawl, /v2/batch/scrape, /v2/extract, /v1/llmstxt)', () => {
  it("lists a team's crawls and batches newest first with their counters, and none of another team's", async () => {
    const { api, site } = env;
    const ids: string[] = [];
    for (const path of ['/crawl/a', '/crawl/b']) {
      const started = await api.request('POST', '/v2/crawl', { token: A, body: { url: `${site.url}${path}`, limit: 2 } });
      expect(started.status).toBe(200);
      ids.push(started.body.id);
      await api.waitForJob(`/v2/crawl/${started.body.id}`, A);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const batch = await api.request('POST', '/v2/batch/scrape', { token: A, body: { urls: [`${site.url}/crawl/c`] } });
    await api.waitForJob(`/v2/batch/scrape/${batch.body.id}`, A);

    const crawls = await api.request('GET', '/v2/crawl', { token: A });
    expect(crawls.status).toBe(200);
    expect(crawls.body.crawls.map((row: { id: string }) => row.id)).toEqual([...ids].reverse());
    const newest = crawls.body.crawls[0];
    expect(newest).toMatchObject({ status: 'completed', url: `${site.url}/crawl/b`, completed: 2, total: 2, failed: 0, creditsUsed: 2 });
    expect(Date.parse(newest.createdAt)).toBeGreaterThan(0);
    expect(crawls.body.next).toBeUndefined();

    const batches = await api.request('GET', '/v2/batch/scrape', { token: A });
    expect(batches.body.batches).toEqual([
      expect.objectContaining({ id: batch.body.id, url: `${site.url}/crawl/c`, completed: 1, total: 1 }),
    ]);

    // Older than the newest: the page the `next` link of a long list asks for.
    const older = await api.request('GET', `/v2/crawl?before=${Date.parse(newest.createdAt)}`, { token: A });
    expect(older.body.crawls.map((row: { id: string }) => row.id)).toEqual([ids[0]]);
    // With the id too (what `next` carries), jobs created in that same millisecond with a smaller id
    // come first: the newest itself here, as its id sorts below this one.
    const sameMs = await api.request('GET', `/v2/crawl?before=${Date.parse(newest.createdAt)}&beforeId=${newest.id}~`, { token: A });
    expect(sameMs.body.crawls.map((row: { id: string }) => row.id)).toEqual([...ids].reverse());

    for (const [path, field] of [
      ['/v2/crawl', 'crawls'],
      ['/v2/batch/scrape', 'batches'],
      ['/v2/extract', 'extracts'],
      ['/v1/llmstxt', 'jobs'],
    ] as const) {
      const other = await api.request('GET', path, { token: B });
      expect(`${path}: ${other.status} ${JSON.stringify(other.body[field])}`).toBe(`${path}: 200 []`);
    }
  });

  it('refuses an unknown or malformed query and an unknown key', async () => {
    const { api } = env;
    expect((await api.request('GET', '/v2/crawl?before=yesterday', { token: A })).status).toBe(400);
    expect((await api.request('GET', '/v2/extract?limit=5', { token: A })).status).toBe(400);
    expect((await api.request('GET', '/v2/crawl', { token: 'nobody' })).status).toBe(401);
  });
});

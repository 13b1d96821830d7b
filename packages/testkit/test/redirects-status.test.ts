import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phrases, startFixtureSite, type FixtureSite } from '../src/index.js';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(() => site.close());

function get(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${site.url}${path}`, { redirect: 'manual', ...init });
}

describe('redirects', () => {
  it.each([301, 302, 307, 308])('/redirect/%i answers %i to /articles/minimal', async (status) => {
    const res = await get(`/redirect/${status}`);
    expect(res.status).toBe(status);
    expect(res.headers.get('location')).toBe(`${site.url}/articles/minimal`);
    const followed = await fetch(`${site.url}/redirect/${status}`);
    expect(followed.url).toBe(`${site.url}/articles/minimal`);
    expect(await followed.text()).toContain(phrases.minimal);
  });

  it('walks a chain down to "Chain end"', async () => {
    const first = await get('/redirect/chain/3');
    expect(first.headers.get('location')).toBe(`${site.url}/redirect/chain/2`);
    site.resetRequests();
    const res = await fetch(`${site.url}/redirect/chain/3`);
    expect(res.url).toBe(`${site.url}/redirect/chain/0`);
    expect(await res.text()).toContain(`<h1>${phrases.chainEnd}</h1>`);
    expect(site.requests.map((r) => r.path)).toEqual(['/redirect/chain/3', '/redirect/chain/2', '/redirect/chain/1', '/redirect/chain/0']);
  });

  it('loops between loop-a and loop-b, so clients must give up', async () => {
    expect((await get('/redirect/loop-a')).headers.get('location')).toBe(`${site.url}/redirect/loop-b`);
    expect((await get('/redirect/loop-b')).headers.get('location')).toBe(`${site.url}/redirect/loop-a`);
    await expect(fetch(`${site.url}/redirect/loop-a`)).rejects.toThrow();
  });

  it('sends a relative Location that resolves against the request URL', async () => {
    const res = await get('/redirect/relative');
    const location = res.headers.get('location') ?? '';
    expect(location).not.toMatch(/^(https?:)?\/\//);
    expect(new URL(location, `${site.url}/redirect/relative`).pathname).toBe('/articles/minimal');
  });

  it('/redirect/to sends the given target and status', async () => {
    const res = await get('/redirect/to?url=http%3A%2F%2F10.0.0.1%2Fadmin&status=307');
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe('http://10.0.0.1/admin');
    expect((await get('/redirect/to')).status).toBe(400);
  });
});

describe('status pages', () => {
  it('/status/404 is an HTML page titled "Page not found"', async () => {
    const res = await get('/status/404');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain(`<title>${phrases.notFound}</title>`);
  });

  it.each([
    [500, null],
    [503, '1'],
    [429, '1'],
  ])('/status/%i answers with Retry-After %s', async (status, retryAfter) => {
    const res = await get(`/status/${status}`);
    expect(res.status).toBe(status);
    expect(res.headers.get('retry-after')).toBe(retryAfter);
    expect(res.headers.get('content-type')).toContain('text/html');
    await res.arrayBuffer();
  });

  it('/flaky fails N times per key, then succeeds', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await get('/flaky?key=retry-test&fail=2');
      statuses.push(res.status);
      if (res.status === 200) expect(await res.text()).toContain(phrases.flakyRecovered);
      else await res.arrayBuffer();
    }
    expect(statuses).toEqual([503, 503, 200, 200]);
    // Keys count separately.
    expect((await get('/flaky?key=another&fail=1')).status).toBe(503);
  });

  it('starts flaky counters fresh on each site', async () => {
    const other = await startFixtureSite();
    try {
      expect((await fetch(`${other.url}/flaky?key=retry-test&fail=2`)).status).toBe(503);
    } finally {
      await other.close();
    }
  });
});

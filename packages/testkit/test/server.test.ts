import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../src/index.js';

describe('fixture site server', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixtureSite();
  });
  afterAll(() => site.close());

  it('listens on 127.0.0.1 at a random port, with no trailing slash in url', () => {
    expect(site.url).toBe(`http://127.0.0.1:${site.port}`);
    expect(site.port).toBeGreaterThan(0);
  });

  it('records every request with method, path plus query, headers and time', async () => {
    site.resetRequests();
    const before = Date.now();
    await fetch(`${site.url}/articles/minimal?x=1`, { headers: { 'x-test': 'yes' } });
    await fetch(`${site.url}/articles/minimal`, { method: 'HEAD' });
    await fetch(`${site.url}/does-not-exist`);
    expect(site.requests.map((r) => [r.method, r.path])).toEqual([
      ['GET', '/articles/minimal?x=1'],
      ['HEAD', '/articles/minimal'],
      ['GET', '/does-not-exist'],
    ]);
    expect(site.requests[0]?.headers['x-test']).toBe('yes');
    expect(site.requests[0]?.at).toBeGreaterThanOrEqual(before);
    expect(site.hits('/articles/minimal')).toBe(2);
    expect(site.hits('/articles/minimal?ignored=1')).toBe(2);
    expect(site.hits('/articles')).toBe(0);
  });

  it('resetRequests clears the same array callers hold', async () => {
    const held = site.requests;
    await fetch(`${site.url}/`);
    expect(held.length).toBeGreaterThan(0);
    site.resetRequests();
    expect(held).toHaveLength(0);
    expect(site.hits('/')).toBe(0);
  });

  it('answers unknown paths with an HTML 404 page', async () => {
    const res = await fetch(`${site.url}/no/such/page`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('<title>Page not found</title>');
  });

  it('omits the body for HEAD requests but keeps the headers', async () => {
    const res = await fetch(`${site.url}/articles/boilerplate`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('content-length'))).toBeGreaterThan(1000);
    expect(await res.text()).toBe('');
  });
});

describe('closing the site', () => {
  // Neither request would ever end on its own: a close() that waited for them would hang the test.
  it('resolves while /hang and /never-ends are still open, cutting both', async () => {
    const site = await startFixtureSite();
    const hanging = fetch(`${site.url}/hang`).then(
      () => 'answered',
      () => 'failed',
    );
    const neverEnding = await fetch(`${site.url}/never-ends`);
    const body = neverEnding.text().then(
      () => 'finished',
      () => 'failed',
    );
    while (site.hits('/hang') === 0) await new Promise((resolve) => setTimeout(resolve, 5));

    await site.close();
    expect(await hanging).toBe('failed');
    expect(await body).toBe('failed');
    await expect(fetch(`${site.url}/`)).rejects.toThrow();
  });

  it('can be closed twice', async () => {
    const site = await startFixtureSite();
    await site.close();
    await expect(site.close()).resolves.toBeUndefined();
  });

  it('runs independent sites side by side', async () => {
    const [first, second] = await Promise.all([startFixtureSite(), startFixtureSite()]);
    try {
      expect(first.port).not.toBe(second.port);
      await fetch(`${first.url}/`);
      expect(first.hits('/')).toBe(1);
      expect(second.hits('/')).toBe(0);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});

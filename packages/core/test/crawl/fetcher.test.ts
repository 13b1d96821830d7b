import { startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBasicFetcher } from '../../src/crawl/fetcher.js';
import { TrawlError } from '../../src/errors.js';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(() => site.close());

async function failure(promise: Promise<unknown>): Promise<TrawlError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TrawlError);
  return error as TrawlError;
}

describe('createBasicFetcher', () => {
  it('returns status, lower-case headers and the body', async () => {
    const fetcher = createBasicFetcher();
    const response = await fetcher(`${site.url}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.url).toBe(`${site.url}/robots.txt`);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(new TextDecoder().decode(response.body)).toContain('Disallow: /private/');
  });

  it('resolves non-2xx statuses instead of throwing', async () => {
    const response = await createBasicFetcher()(`${site.url}/status/503`);
    expect(response.status).toBe(503);
    expect(response.headers['retry-after']).toBe('1');
  });

  it('follows redirects, relative ones included, and reports the final URL', async () => {
    const fetcher = createBasicFetcher();
    expect((await fetcher(`${site.url}/redirect/301`)).url).toBe(`${site.url}/articles/minimal`);
    const relative = await fetcher(`${site.url}/redirect/relative`);
    expect(relative.url).toBe(`${site.url}/articles/minimal`);
    expect(relative.status).toBe(200);
  });

  it('gives up after maxRedirects', async () => {
    const error = await failure(createBasicFetcher({ maxRedirects: 3 })(`${site.url}/redirect/chain/5`));
    expect(error.code).toBe('SCRAPE_TOO_MANY_REDIRECTS');
    expect(site.hits('/redirect/chain/2')).toBeGreaterThan(0);
    expect((await createBasicFetcher({ maxRedirects: 5 })(`${site.url}/redirect/chain/5`)).status).toBe(200);
  });

  it('times out a response that never comes', async () => {
    const started = Date.now();
    const error = await failure(createBasicFetcher({ timeoutMs: 300 })(`${site.url}/hang`));
    expect(error.code).toBe('SCRAPE_TIMEOUT');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('times out a body that never ends', async () => {
    const error = await failure(createBasicFetcher({ timeoutMs: 300 })(`${site.url}/never-ends`));
    expect(error.code).toBe('SCRAPE_TIMEOUT');
  });

  it('refuses bodies above the cap', async () => {
    const error = await failure(createBasicFetcher({ maxBodyBytes: 64 * 1024 })(`${site.url}/large?kb=200`));
    expect(error.code).toBe('SCRAPE_TOO_LARGE');
  });

  it('decodes Content-Encoding: gzip', async () => {
    const response = await createBasicFetcher()(`${site.url}/compressed/gzip`);
    expect(new TextDecoder().decode(response.body)).toContain('Compressed with gzip');
  });

  it('sends the user agent and caller headers', async () => {
    await createBasicFetcher({ userAgent: 'TestAgent/1.0' })(`${site.url}/plain.txt`, { headers: { 'X-Probe': 'yes' } });
    const request = site.requests.findLast((r) => r.path === '/plain.txt');
    expect(request?.headers['user-agent']).toBe('TestAgent/1.0');
    expect(request?.headers['x-probe']).toBe('yes');
  });

  it('reports cancellation and refused connections with their own codes', async () => {
    const controller = new AbortController();
    const pending = createBasicFetcher()(`${site.url}/hang`, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect((await failure(pending)).code).toBe('SCRAPE_ABORTED');

    const closed = await startFixtureSite();
    const closedUrl = closed.url;
    await closed.close();
    expect((await failure(createBasicFetcher()(`${closedUrl}/`))).code).toBe('SCRAPE_CONNECTION_ERROR');
  });
});

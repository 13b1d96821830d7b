import { startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpResourceFetcher } from '../../src/crawl/http-resource-fetcher.js';
import { OPEN_POLICY, toSsrfPolicy } from '../../src/url/ssrf.js';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(() => site.close());

// What robots.txt and sitemaps are read with; the engine's own redirects, timeouts and caps are
// tested in test/fetch/http-engine.test.ts, and through a running job in retry.test.ts.
describe('httpResourceFetcher', () => {
  const fetcher = httpResourceFetcher({ timeout: 5000, userAgent: 'TestAgent/1.0' }, OPEN_POLICY);

  it('returns status, lower-case headers and the body; an error status is a value, not a failure', async () => {
    const response = await fetcher(`${site.url}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.url).toBe(`${site.url}/robots.txt`);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(new TextDecoder().decode(response.body)).toContain('Disallow: /private/');
    expect((await fetcher(`${site.url}/status/503`)).status).toBe(503);
  });

  it('sends its user agent and the caller headers', async () => {
    site.resetRequests();
    await fetcher(`${site.url}/plain.txt`, { headers: { 'X-Probe': 'yes' } });
    const [request] = site.requests.filter((r) => r.path === '/plain.txt');
    expect(request!.headers['user-agent']).toBe('TestAgent/1.0');
    expect(request!.headers['x-probe']).toBe('yes');
  });

  it('cuts a body at truncateAt instead of failing', async () => {
    const response = await fetcher(`${site.url}/large?kb=200`, { truncateAt: 64 * 1024 });
    expect(response.truncated).toBe(true);
    expect(response.body.byteLength).toBe(64 * 1024);
  });

  it('applies the SSRF policy it is given', async () => {
    const guarded = httpResourceFetcher({ timeout: 5000 }, toSsrfPolicy(true));
    await expect(guarded(`${site.url}/robots.txt`)).rejects.toMatchObject({ code: 'SCRAPE_BLOCKED_URL' });
  });
});

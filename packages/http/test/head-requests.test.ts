import { describe, expect, it } from 'vitest';
import { siteAndApi } from './helpers/api-server.js';

const env = siteAndApi();

/** Status, headers and the raw body length of a request. */
async function raw(method: string, path: string): Promise<{ status: number; headers: Headers; bodyBytes: number }> {
  const response = await fetch(`${env.api.url}${path}`, { method });
  return { status: response.status, headers: response.headers, bodyBytes: (await response.arrayBuffer()).byteLength };
}

describe('HEAD', () => {
  it('answers every GET route like GET, without a body', async () => {
    const start = await env.api.request('POST', '/v1/crawl', { body: { url: `${env.site.url}/crawl/`, ignoreSitemap: true, limit: 3 } });
    await env.api.waitForJob(`/v1/crawl/${start.body.id}`);
    const paths = [
      `/v1/crawl/${start.body.id}`,
      `/v1/crawl/${start.body.id}/errors`,
      `/v1/batch/scrape/${start.body.id}`,
      '/v1/team/credit-usage',
      `/v0/crawl/status/${start.body.id}`,
    ];
    for (const path of paths) {
      const get = await raw('GET', path);
      const head = await raw('HEAD', path);
      expect({ path, status: head.status }).toEqual({ path, status: get.status });
      expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
      expect(head.headers.get('content-length')).toBe(String(get.bodyBytes));
      expect(head.bodyBytes).toBe(0);
    }
  });

  it('answers an unknown job with the 404 of GET, without a body', async () => {
    const head = await raw('HEAD', '/v1/crawl/00000000-0000-4000-8000-000000000000');
    expect(head.status).toBe(404);
    expect(head.bodyBytes).toBe(0);
  });

  it('is not allowed where there is no GET, and 405s name it beside GET', async () => {
    const scrape = await raw('HEAD', '/v1/scrape');
    expect(scrape.status).toBe(405);
    expect(scrape.headers.get('allow')).toBe('POST');
    const post = await raw('POST', '/v1/crawl/x/errors');
    expect(post.headers.get('allow')).toBe('GET, HEAD, DELETE');
  });
});

import { describe, expect, it } from 'vitest';
import { limitPages } from '@trawl/testkit';
import { siteAndApi } from './helpers/api-server.js';

const env = siteAndApi();

async function crawledPaths(body: Record<string, unknown>): Promise<string[]> {
  const start = await env.api.request('POST', '/v1/crawl', {
    body: { url: `${env.site.url}${limitPages.backtracking}`, ignoreSitemap: true, ...body },
  });
  expect(start.status).toBe(200);
  const done = await env.api.waitForJob(`/v1/crawl/${start.body.id}`);
  expect(done.body.status).toBe('completed');
  return done.body.data.map((doc: { metadata: { sourceURL: string } }) => new URL(doc.metadata.sourceURL).pathname).sort();
}

describe('crawl patterns run on a linear-time engine', () => {
  const { bait, matching, other } = limitPages.baitPaths;

  it('includePaths ["(a+)+$"] against a link to /aaaa…a! completes and follows only the match', async () => {
    expect(await crawledPaths({ includePaths: ['(a+)+$'] })).toEqual([limitPages.backtracking, matching].sort());
  });

  it('excludePaths ["(a+)+$"] completes and keeps the rest', async () => {
    expect(await crawledPaths({ excludePaths: ['(a+)+$'] })).toEqual([limitPages.backtracking, bait, other].sort());
  });

  it('excludePaths on the full URL completes too', async () => {
    expect(await crawledPaths({ excludePaths: ['(a|aa)+$'], regexOnFullURL: true })).toEqual([limitPages.backtracking, bait, other].sort());
  });

  it('v0 glob excludes against the bait complete', async () => {
    const start = await env.api.request('POST', '/v0/crawl', {
      body: {
        url: `${env.site.url}${limitPages.backtracking}`,
        crawlerOptions: { ignoreSitemap: true, excludes: ['/limits/backtracking/*a*a*a*a*a*a*a*a*a*a*b'] },
      },
    });
    expect(start.status).toBe(200);
    const done = await env.api.waitForJob(`/v1/crawl/${start.body.jobId}`);
    expect(done.body.status).toBe('completed');
    expect(done.body.data).toHaveLength(4);
  });

  it.each([
    ['a backreference', '(a)\\1', /backreferences/],
    ['a lookahead', '^/(?=limits)', /lookaround/],
  ])('answers 400 for %s, saying why', async (_name, pattern, why) => {
    const res = await env.api.request('POST', '/v1/crawl', { body: { url: `${env.site.url}/`, excludePaths: [pattern] } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BAD_REQUEST');
    expect(res.body.details[0].path).toEqual(['excludePaths', 0]);
    expect(res.body.details[0].message).toMatch(why);
  });

  it('answers 400 for a pattern too long or too many, quoting none of it whole', async () => {
    const long = await env.api.request('POST', '/v1/crawl', { body: { url: `${env.site.url}/`, includePaths: ['x'.repeat(100_000)] } });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body).length).toBeLessThan(2000);
    const many = await env.api.request('POST', '/v1/crawl', {
      body: { url: `${env.site.url}/`, includePaths: Array.from({ length: 101 }, (_, i) => `^/${i}`) },
    });
    expect(many.status).toBe(400);
    expect(many.body.details[0].path).toEqual(['includePaths']);
  });
});

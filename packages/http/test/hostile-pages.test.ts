import { ConvertPool, MAX_LINKS_PER_PAGE } from '@trawl/core';
import { hostilePages, hostilePhrases } from '@trawl/testkit';
import { afterAll, describe, expect, it } from 'vitest';
import { siteAndApi } from './helpers/api-server.js';

// The default 15 s deadline is tested in core; here a shared, busy machine must not turn a slow
// conversion into a 408, since what is measured is the other team's wait.
const pool = new ConvertPool({ deadlineMs: 120_000 });
afterAll(() => pool.close());
const env = siteAndApi({ auth: { 'key-attacker': 'team-attacker', 'key-other': 'team-other' }, convertPool: pool });

/** Requests of another team, one after the other, until `done` settles: how long each took. */
async function probeLatency(done: Promise<unknown>): Promise<number[]> {
  const latencies: number[] = [];
  let finished = false;
  void done.finally(() => (finished = true));
  while (!finished) {
    const started = performance.now();
    const response = await env.api.request('GET', '/v1/team/credit-usage', { token: 'key-other' });
    latencies.push(performance.now() - started);
    expect(response.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return latencies;
}

function scrape(path: string) {
  return env.api.request('POST', '/v1/scrape', {
    token: 'key-attacker',
    body: { url: `${env.site.url}${path}`, formats: ['markdown', 'links'] },
  });
}

describe('hostile pages convert off the event loop', () => {
  it('answers every hostile page with its content while another team waits less than 1 s per request', async () => {
    // Warm up: the conversion threads start and the fixture site builds its 19 MB page before the clock runs.
    expect((await scrape('/articles/minimal')).status).toBe(200);
    await fetch(`${env.site.url}${hostilePages.millionLinks}`).then((response) => response.arrayBuffer());
    const scrapes = Promise.all([
      scrape(hostilePages.nested('span', 3000)),
      scrape(hostilePages.nested('b', 3000)),
      scrape(hostilePages.nested('table', 3000)),
      scrape(hostilePages.nested('div', 10_000)),
      scrape(`${hostilePages.unclosedAnchors}?n=200000`),
      scrape(hostilePages.millionLinks),
    ]);
    const latencies = await probeLatency(scrapes);
    const [span, bold, table, div, anchors, links] = await scrapes;

    for (const nested of [span, bold, table, div]) {
      expect(nested.status).toBe(200);
      expect(nested.body.data.markdown).toContain(hostilePhrases.deepest);
    }
    expect(anchors.status).toBe(200);
    expect(anchors.body.data.markdown).toContain(hostilePhrases.afterAnchors);
    expect(links.status).toBe(200);
    expect(links.body.data.links).toHaveLength(MAX_LINKS_PER_PAGE);
    expect(links.body.data.warning).toContain(`only the first ${MAX_LINKS_PER_PAGE}`);

    expect(latencies.length).toBeGreaterThan(5);
    const longest = Math.max(...latencies);
    expect(longest, `the other team's longest wait: ${Math.round(longest)} ms`).toBeLessThan(1000);
  }, 180_000);
});

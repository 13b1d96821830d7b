import { ConvertPool } from '@trawl/core';
import { MAX_LINKS_PER_PAGE } from '@trawl/core/server';
import { hostilePages, hostilePhrases } from '@trawl/testkit';
import { afterAll, describe, expect, it } from 'vitest';
import { siteAndApi } from './helpers/api-server.js';

/** The real pool, counting the conversions it was handed and has not answered yet. */
class WatchedPool extends ConvertPool {
  inFlight = 0;

  override async convert(...args: Parameters<ConvertPool['convert']>): ReturnType<ConvertPool['convert']> {
    this.inFlight++;
    try {
      return await super.convert(...args);
    } finally {
      this.inFlight--;
    }
  }
}

// The default 15 s deadline is tested in core; here a shared, busy machine must not turn a slow
// conversion into a 408.
const pool = new WatchedPool({ deadlineMs: 120_000 });
afterAll(() => pool.close());
const env = siteAndApi({ auth: { 'key-attacker': 'team-attacker', 'key-other': 'team-other' }, convertPool: pool });

/**
 * Requests of another team, one after the other, until `done` settles: for each answer, how many
 * conversions were in flight when it came. A conversion holding the event loop would let no
 * answer arrive while it runs. How long the answers take is `pnpm bench hostile`'s to measure.
 */
async function probeDuringConversions(done: Promise<unknown>): Promise<number[]> {
  const inFlightAtAnswer: number[] = [];
  let finished = false;
  void done.finally(() => (finished = true));
  while (!finished) {
    const response = await env.api.request('GET', '/v1/team/credit-usage', { token: 'key-other' });
    inFlightAtAnswer.push(pool.inFlight);
    expect(response.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return inFlightAtAnswer;
}

function scrape(path: string) {
  return env.api.request('POST', '/v1/scrape', {
    token: 'key-attacker',
    body: { url: `${env.site.url}${path}`, formats: ['markdown', 'links'] },
  });
}

describe('hostile pages convert off the event loop', () => {
  it('answers every hostile page with its content, and another team while the pages convert', async () => {
    // Warm up: the conversion threads start and the fixture site builds its 19 MB page first.
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
    const inFlightAtAnswer = await probeDuringConversions(scrapes);
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

    const answeredMidConversion = inFlightAtAnswer.filter((count) => count > 0).length;
    expect(answeredMidConversion, `answers while conversions were in flight, of ${inFlightAtAnswer.length}`).toBeGreaterThan(0);
    expect(pool.inFlight).toBe(0);
  }, 600_000); // 160 s seen at load average 30: only a hang guard (a team alone at the pool takes both threads)
});

import { ConvertPool } from '@trawl/core';
import { hostilePages } from '@trawl/testkit';
import { afterAll, describe, expect, it } from 'vitest';

import { quietLogger, siteAndApi } from './helpers/api-server.js';

/**
 * A conversion stopped at its deadline held a conversion thread all that time: its scrape is
 * charged, as Firecrawl bills failed work it did (issue #31 row 7), so holding the threads is not
 * free. A scrape that fails before any work (an unreachable site) stays free.
 */
const pool = new ConvertPool({ threads: 1, deadlineMs: 300 });
afterAll(() => pool.close());
const env = siteAndApi({ auth: { 'key-a': 'team-a' }, credits: { 'team-a': 10 }, convertPool: pool, logger: quietLogger });

async function remaining(): Promise<number> {
  const response = await env.api.request('GET', '/v1/team/credit-usage', { token: 'key-a' });
  return response.body.data.remaining_credits;
}

describe('failed conversions and credits', () => {
  it('charges a scrape whose conversion passed its deadline, and not one whose site was unreachable', async () => {
    const slow = await env.api.request('POST', '/v1/scrape', {
      token: 'key-a',
      body: { url: `${env.site.url}${hostilePages.millionLinks}`, formats: ['markdown', 'links'] },
    });
    expect(slow.status).toBe(408);
    expect(slow.body.code).toBe('SCRAPE_TIMEOUT');
    expect(await remaining()).toBe(9);

    const unreachable = await env.api.request('POST', '/v1/scrape', {
      token: 'key-a',
      body: { url: 'http://127.0.0.1:1/', formats: ['markdown'] },
    });
    expect(unreachable.status).toBeGreaterThanOrEqual(400);
    expect(await remaining()).toBe(9);
  }, 120_000);
});

import { startFixtureSite, type FixtureSite } from '@trawl/testkit';
import Firecrawl from 'firecrawl-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './helpers/api-server.js';
import { failureOf } from './helpers/sdk-error.js';
import { keyLabel as labelOf, thisMonth } from './helpers/usage.js';

/** Credits charged per API key and month, from the recorded history, as the 4.x SDK reads them. */
let site: FixtureSite;
let api: TestApi;
let open: TestApi;

const FIRST = 'fc-billing-first-key-aaaa';
const SECOND = 'fc-billing-second-key-bbbb';
const FREE = 'fc-billing-free-key-cccc';
const START = 500;

beforeAll(async () => {
  site = await startFixtureSite();
  api = await startApi({
    auth: { [FIRST]: 'billed', [SECOND]: 'billed', [FREE]: 'free' },
    credits: { billed: START },
    worker: { concurrency: 2 },
  });
  open = await startApi();
});
afterAll(async () => {
  await api?.close();
  await open?.close();
  await site?.close();
});

const client = (key: string) => new Firecrawl({ apiKey: key, apiUrl: api.url });

const monthStart = () => thisMonth().start;
const nextMonthStart = () => thisMonth().end;

/** This month's credits per key label, as `getCreditUsageHistorical(true)` answers. */
async function creditsByKey(app: Firecrawl): Promise<Record<string, number>> {
  const { periods } = await app.getCreditUsageHistorical(true);
  return Object.fromEntries(
    periods.filter((period) => period.startDate === monthStart()).map((period) => [period.apiKey ?? '(none)', period.creditsUsed]),
  );
}

describe('credit history per API key', () => {
  it('charges each key what its own requests and jobs cost; a failed request costs nothing', async () => {
    const first = client(FIRST);
    const second = client(SECOND);
    await first.scrape(`${site.url}/articles/minimal`);
    await first.scrape(`${site.url}/articles/boilerplate`);
    await first.map(`${site.url}/crawl/`, { sitemap: 'skip' });
    // Nothing answers on port 1: the hold goes back whole.
    expect((await failureOf(first.scrape('http://127.0.0.1:1/'))).status).toBeGreaterThanOrEqual(400);
    const batch = await second.batchScrape([`${site.url}/articles/minimal`, `${site.url}/about`, `${site.url}/blog/1`], {
      pollInterval: 0.1,
      timeout: 30,
    });
    expect(batch.completed).toBe(3);
    const crawl = await second.crawl(`${site.url}/crawl/`, { limit: 2, pollInterval: 0.1, timeout: 30 });
    expect(crawl.completed).toBe(2);

    // A page's credits are recorded as its hold settles, just after the page is.
    await expect.poll(() => creditsByKey(first)).toEqual({ [labelOf(FIRST)]: 3, [labelOf(SECOND)]: 5 });
    const { periods } = await second.getCreditUsageHistorical(true);
    expect(periods.find((period) => period.apiKey === labelOf(FIRST))).toEqual({
      startDate: monthStart(),
      endDate: nextMonthStart(),
      apiKey: labelOf(FIRST),
      creditsUsed: 3,
    });
    expect(JSON.stringify(periods)).not.toContain(FIRST);
  });

  it("the team's total is the sum of its keys' and what the balance lost; v1 answers the same", async () => {
    const first = client(FIRST);
    const team = await first.getCreditUsageHistorical();
    expect(team.periods).toEqual([{ startDate: monthStart(), endDate: nextMonthStart(), creditsUsed: 8 }]);
    expect((await first.getCreditUsage()).remainingCredits).toBe(START - 8);
    const v1 = await first.v1.getCreditUsageHistorical(true);
    if (!('periods' in v1)) throw new Error('no periods');
    expect(v1.periods.map((period) => period.creditsUsed).sort()).toEqual([3, 5]);
    const raw = await api.request('GET', '/v1/team/credit-usage/historical', { token: SECOND });
    expect(raw.body).toEqual({ success: true, periods: [{ startDate: monthStart(), endDate: nextMonthStart(), creditsUsed: 8 }] });
  });

  it('records what a team without a limit spends, and keeps each team to its own history', async () => {
    const free = client(FREE);
    await free.scrape(`${site.url}/articles/minimal`);
    expect(await creditsByKey(free)).toEqual({ [labelOf(FREE)]: 1 });
    expect((await free.getCreditUsage()).remainingCredits).toBe(99_999_999);
    expect(await creditsByKey(client(FIRST))).not.toHaveProperty(labelOf(FREE));
  });

  it('on an open server the history has no key to name: the periods carry none', async () => {
    const before = await open.request('GET', '/v2/team/credit-usage/historical?byApiKey=true');
    expect(before.body).toEqual({ success: true, periods: [] });
    const keyless = new Firecrawl({ apiUrl: open.url });
    await keyless.scrape(`${site.url}/articles/minimal`);
    expect((await keyless.getCreditUsageHistorical(true)).periods).toEqual([
      { startDate: monthStart(), endDate: nextMonthStart(), creditsUsed: 1 },
    ]);
  });
});

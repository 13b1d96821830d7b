import { startFixtureSite, type FixtureSite } from '@trawl/testkit';
import Firecrawl, { SdkError } from 'firecrawl-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './helpers/api-server.js';

/** The official JS SDK 4.x's usage calls, v2 and (through `.v1`) v1, against a server with a credit limit. */
let site: FixtureSite;
let api: TestApi;
let app: Firecrawl;
let unlimited: Firecrawl;

beforeAll(async () => {
  site = await startFixtureSite();
  api = await startApi({ auth: { 'fc-limited': 'limited', 'fc-free': 'free' }, credits: { limited: 100 }, worker: { concurrency: 3 } });
  app = new Firecrawl({ apiKey: 'fc-limited', apiUrl: api.url });
  unlimited = new Firecrawl({ apiKey: 'fc-free', apiUrl: api.url });
});
afterAll(async () => {
  await api?.close();
  await site?.close();
});

describe('@mendable/firecrawl-js 4.x usage', () => {
  it('getCreditUsage and getCreditUsageHistorical follow what a scrape spends', async () => {
    expect(await app.getCreditUsage()).toEqual({
      remainingCredits: 100,
      planCredits: 100,
      billingPeriodStart: null,
      billingPeriodEnd: null,
    });
    await app.scrape(`${site.url}/articles/minimal`);
    expect((await app.getCreditUsage()).remainingCredits).toBe(99);
    const history = await app.getCreditUsageHistorical();
    expect(history.periods).toEqual([{ startDate: expect.any(String), endDate: expect.any(String), creditsUsed: 1 }]);
    const byKey = await app.getCreditUsageHistorical(true);
    expect(byKey.periods).toEqual([
      {
        startDate: history.periods[0]!.startDate,
        endDate: history.periods[0]!.endDate,
        apiKey: expect.stringMatching(/^sha256:/),
        creditsUsed: 1,
      },
    ]);
    expect((await unlimited.getCreditUsage()).remainingCredits).toBe(99_999_999);
  });

  it('getTokenUsage and getTokenUsageHistorical: tokens are metered, not limited (no model here: none used)', async () => {
    expect(await app.getTokenUsage()).toMatchObject({
      remainingTokens: 99_999_999,
      planTokens: 99_999_999,
      billingPeriodStart: expect.any(String),
    });
    expect((await app.getTokenUsageHistorical(true)).periods).toEqual([]);
    expect((await app.getTokenUsageHistorical()).periods).toEqual([
      { startDate: expect.any(String), endDate: expect.any(String), tokensUsed: 0, inputTokens: 0, outputTokens: 0 },
    ]);
    const raw = await api.request('GET', '/v2/team/token-usage', { token: 'fc-limited' });
    expect(raw.body.warning).toMatch(/metered per team and API key, not limited/);
    expect(raw.body.data.tokensUsed).toBe(0);
  });

  it("getQueueStatus and getConcurrency count the pages of the team's running jobs", async () => {
    const idle = await app.getQueueStatus();
    expect(idle).toEqual({
      success: true,
      jobsInQueue: 0,
      activeJobsInQueue: 0,
      waitingJobsInQueue: 0,
      maxConcurrency: 3,
      mostRecentSuccess: null,
    });
    const started = await app.startBatchScrape([`${site.url}/slow?ms=2000&a`, `${site.url}/slow?ms=2000&b`], { maxConcurrency: 1 });
    let busy = await app.getQueueStatus();
    for (let i = 0; i < 40 && busy.activeJobsInQueue === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      busy = await app.getQueueStatus();
    }
    // Pages the worker holds are active, the others wait.
    expect(busy.jobsInQueue).toBe(2);
    expect(busy.activeJobsInQueue).toBeGreaterThan(0);
    expect(busy.activeJobsInQueue + busy.waitingJobsInQueue).toBe(2);
    const concurrency = await app.getConcurrency();
    expect(concurrency.maxConcurrency).toBe(3);
    expect(concurrency.concurrency).toBeGreaterThan(0);
    // Another team's queue is its own.
    expect((await unlimited.getQueueStatus()).jobsInQueue).toBe(0);
    await app.cancelBatchScrape(started.id);
  });

  it('the v1 team endpoints newer 1.x clients call answer too', async () => {
    const v1 = app.v1;
    expect(await v1.getCreditUsage()).toMatchObject({ success: true, data: { remaining_credits: expect.any(Number), plan_credits: 100 } });
    expect(await v1.getTokenUsage()).toMatchObject({ success: true, data: { remaining_tokens: 99_999_999 } });
    expect(await v1.getQueueStatus()).toMatchObject({ success: true, maxConcurrency: 3 });
    const credits = await v1.getCreditUsageHistorical();
    const tokens = await v1.getTokenUsageHistorical();
    if (!('periods' in credits) || !('periods' in tokens)) throw new Error('no periods');
    expect(credits.periods[0]?.creditsUsed).toBeGreaterThan(0);
    expect(tokens.periods).toHaveLength(1);
  });

  it('team endpoints need the key', async () => {
    const error = await new Firecrawl({ apiKey: 'fc-nobody', apiUrl: api.url }).getCreditUsage().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SdkError);
    expect((error as SdkError).status).toBe(401);
  });
});

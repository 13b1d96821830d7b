import { createLlmProvider } from '@trawl/llm';
import { rawReply, readFromPrompt, startOpenAiStandIn, type OpenAiStandIn } from '@trawl/llm/testing';
import { startFixtureSite, type FixtureSite } from '@trawl/testkit';
import Firecrawl from 'firecrawl-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './helpers/api-server.js';
import { failureOf } from './helpers/sdk-error.js';
import { keyLabel as labelOf, thisMonth } from './helpers/usage.js';

/**
 * LLM tokens metered per team and API key for every LLM feature, as the model reported them
 * (the stand-in answers with `usage`), and answered by the token endpoints the 4.x SDK calls.
 */
let site: FixtureSite;
let model: OpenAiStandIn;
let api: TestApi;

const ALPHA = 'fc-usage-alpha-key-0001';
const BETA = 'fc-usage-beta-key-0002';
const SHORT = 'fc-short';
let alpha: Firecrawl;
let beta: Firecrawl;

/** Tokens the stand-in reported, per key, as each feature ran. */
const expected = new Map<string, number>();
const schema = { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] };

beforeAll(async () => {
  site = await startFixtureSite();
  model = await startOpenAiStandIn({
    respond: (request) => {
      if (request.system.includes('crawl options')) return { includePaths: ['^/crawl/a'], limit: 2 };
      if (request.firstUserText.includes('ANSWER BADLY')) return rawReply('this is not JSON');
      return readFromPrompt(request);
    },
  });
  const llm = createLlmProvider({ provider: 'openai-compatible', model: 'stand-in', baseUrl: model.url, maxRetries: 0 });
  api = await startApi({
    auth: { [ALPHA]: 'metered', [BETA]: 'metered', [SHORT]: 'metered', 'fc-usage-other': 'other' },
    llm,
    worker: { concurrency: 2 },
  });
  alpha = new Firecrawl({ apiKey: ALPHA, apiUrl: api.url });
  beta = new Firecrawl({ apiKey: BETA, apiUrl: api.url });
});
afterAll(async () => {
  await api?.close();
  await model?.close();
  await site?.close();
});

/** Runs `work` as `key` and adds the tokens the model reported meanwhile to what that key should show. */
async function metered(key: string, work: () => Promise<unknown>): Promise<number> {
  const from = model.requests.length;
  await work();
  await api.server.api.settled();
  const tokens = model.requests.slice(from).reduce((sum, request) => sum + (request.usage?.total_tokens ?? 0), 0);
  expected.set(key, (expected.get(key) ?? 0) + tokens);
  return tokens;
}

const monthStart = () => thisMonth().start;

describe('LLM token metering', () => {
  it('meters the json format and the summary of a scrape', async () => {
    expect(
      await metered(ALPHA, () =>
        alpha.scrape(`${site.url}/articles/boilerplate`, { formats: [{ type: 'json', prompt: 'The title', schema }] }),
      ),
    ).toBeGreaterThan(0);
    expect(await metered(BETA, () => beta.scrape(`${site.url}/articles/boilerplate`, { formats: ['summary'] }))).toBeGreaterThan(0);
  });

  it('meters crawl params-preview and a crawl prompt', async () => {
    expect(await metered(ALPHA, () => alpha.crawlParamsPreview(`${site.url}/crawl/`, 'section a, two pages'))).toBeGreaterThan(0);
    expect(
      await metered(BETA, () => beta.crawl(`${site.url}/crawl/`, { prompt: 'section a, two pages', pollInterval: 0.1, timeout: 30 })),
    ).toBeGreaterThan(0);
  });

  it('meters the json format of every crawled page, in the worker, to the key that started the crawl', async () => {
    const tokens = await metered(ALPHA, async () => {
      const job = await alpha.crawl(`${site.url}/crawl/`, {
        limit: 3,
        scrapeOptions: { formats: [{ type: 'json', prompt: 'The title', schema }] },
        pollInterval: 0.1,
        timeout: 30,
      });
      expect(job.data.length).toBeGreaterThan(1);
    });
    expect(tokens).toBeGreaterThan(0);
  });

  it('meters extract jobs and llms.txt generation', async () => {
    expect(
      await metered(BETA, () =>
        beta.extract({
          urls: [`${site.url}/articles/boilerplate`],
          prompt: 'The title of the article',
          schema,
          pollInterval: 0.1,
          timeout: 30,
        }),
      ),
    ).toBeGreaterThan(0);
    const generated = await metered(ALPHA, async () => {
      const result = await alpha.v1.generateLLMsText(`${site.url}/crawl/`, { maxUrls: 2 });
      expect(result).toMatchObject({ success: true, status: 'completed' });
    });
    expect(generated).toBeGreaterThan(0);
  });

  it('meters the tokens of a request the model answered badly twice, though it failed', async () => {
    const tokens = await metered(BETA, async () => {
      const failure = await failureOf(
        beta.scrape(`${site.url}/articles/boilerplate`, { formats: [{ type: 'json', prompt: 'ANSWER BADLY', schema }] }),
      );
      expect(failure.status).toBeGreaterThanOrEqual(500);
    });
    expect(tokens).toBeGreaterThan(0);
  });

  it('getTokenUsageHistorical(true) shows each key what the model reported for it; without byApiKey, the team total', async () => {
    const byKey = await alpha.getTokenUsageHistorical(true);
    const periods = byKey.periods.filter((period) => period.startDate === monthStart());
    expect(periods.map(({ apiKey, tokensUsed }) => ({ apiKey, tokensUsed })).sort((a, b) => a.apiKey!.localeCompare(b.apiKey!))).toEqual(
      [
        { apiKey: labelOf(ALPHA), tokensUsed: expected.get(ALPHA) },
        { apiKey: labelOf(BETA), tokensUsed: expected.get(BETA) },
      ].sort((a, b) => a.apiKey.localeCompare(b.apiKey)),
    );
    expect(JSON.stringify(byKey)).not.toContain(ALPHA);
    const total = expected.get(ALPHA)! + expected.get(BETA)!;
    const team = await beta.getTokenUsageHistorical();
    expect(team.periods).toEqual([
      {
        startDate: monthStart(),
        endDate: expect.any(String),
        tokensUsed: total,
        inputTokens: expect.any(Number),
        outputTokens: expect.any(Number),
      },
    ]);
    const raw = team.periods[0] as unknown as { inputTokens: number; outputTokens: number };
    expect(raw.inputTokens + raw.outputTokens).toBe(total);
    expect(new Date(team.periods[0]!.endDate!).getUTCDate()).toBe(1);
  });

  it('getTokenUsage and the v1 counterparts answer from the same records; another team has used none', async () => {
    const total = expected.get(ALPHA)! + expected.get(BETA)!;
    const usage = await alpha.getTokenUsage();
    expect(usage).toMatchObject({ remainingTokens: 99_999_999, planTokens: 99_999_999, billingPeriodStart: monthStart() });
    const raw = await api.request('GET', '/v2/team/token-usage', { token: ALPHA });
    expect(raw.body.data.tokensUsed).toBe(total);
    expect(raw.body.warning).toMatch(/metered per team and API key, not limited/);
    const v1 = await alpha.v1.getTokenUsage();
    expect(v1).toMatchObject({
      success: true,
      data: { remaining_tokens: 99_999_999, billing_period_start: monthStart(), tokens_used: total },
    });
    const v1History = await alpha.v1.getTokenUsageHistorical(true);
    if (!('periods' in v1History)) throw new Error('no periods');
    expect(v1History.periods.find((period) => period.apiKey === labelOf(ALPHA))?.tokensUsed).toBe(expected.get(ALPHA));

    const other = await new Firecrawl({ apiKey: 'fc-usage-other', apiUrl: api.url }).getTokenUsageHistorical(true);
    expect(other.periods).toEqual([]);
    // A short key is labelled by its fingerprint only.
    await metered(SHORT, () =>
      new Firecrawl({ apiKey: SHORT, apiUrl: api.url }).scrape(`${site.url}/articles/minimal`, { formats: ['summary'] }),
    );
    const short = await alpha.getTokenUsageHistorical(true);
    expect(short.periods.find((period) => period.apiKey === labelOf(SHORT))).toMatchObject({
      apiKey: expect.stringMatching(/^sha256:[0-9a-f]{8}$/),
      tokensUsed: expected.get(SHORT),
    });
  });
});

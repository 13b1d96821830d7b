import { createLlmProvider } from '@trawl/llm';
import { failureReply, startOpenAiStandIn, toolCall, type OpenAiStandIn, type StandInRequest } from '@trawl/llm/testing';
import { searxngProvider } from '@trawl/search';
import { fixtureHits, startSearxngStandIn, type StandIn } from '@trawl/search/testing';
import { phrases, startFixtureSite, startReceiver, type FixtureSite, type Receiver } from '@trawl/testkit';
import FirecrawlApp from 'firecrawl-v1';
import Firecrawl, { type AgentStatusResponse } from 'firecrawl-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './helpers/api-server.js';
import { matchingHits } from './helpers/firecrawl-clients.js';
import { failureOf } from './helpers/sdk-error.js';

/**
 * The official JS SDK 4.x's agent calls (and 1.x's deep research) against the API, on the fixture
 * site: the model is the loopback OpenAI stand-in answering each planning step with a real tool
 * call, search is the SearXNG stand-in answering with the fixture site's pages.
 */
let site: FixtureSite;
let searxng: StandIn;
let model: OpenAiStandIn;
let receiver: Receiver;
let api: TestApi;
let app: Firecrawl;
let other: Firecrawl;
/** Released by the cancel test: the model holds the planning step of a prompt naming SLOW until then. */
let releaseSlow: () => void = () => undefined;
const slowGate = new Promise<void>((resolve) => (releaseSlow = resolve));

/** The status as Trawl answers it: the SDK's fields, and the actions and sources it adds. */
type TrawlAgentStatus = AgentStatusResponse & {
  tokensUsed: number;
  warning?: string;
  actions: Array<{ tool: string; status: string; message: string; credits: number }>;
  sources: Array<{ url: string; title: string }>;
};

const TITLE_SCHEMA = {
  type: 'object',
  properties: { title: { type: 'string' }, lead: { type: 'string' } },
  required: ['title'],
};

/**
 * The model's side: search first, then read the first result (the fixture's article), then
 * finish; the answer is read from the material the agent gathered, so it proves the page was read.
 */
async function respond(request: StandInRequest): Promise<unknown> {
  const prompt = request.lastUserText;
  if (request.responseFormat === 'tool') {
    if (prompt.includes('SLOW')) await slowGate;
    if (prompt.includes('BROKEN')) return failureReply(500, 'the model server fell over');
    if (prompt.includes('You have done nothing yet.')) return toolCall('search', { query: 'harbour pilots' });
    if (!/→ done: read /.test(prompt)) return toolCall('scrape', { url: `${site.url}/articles/boilerplate` });
    return toolCall('finish', { reason: 'the article answers it' });
  }
  const material = request.userText;
  // A first answer that does not fit the schema (a number for a string): the model is asked again once.
  if (prompt.includes('MISFIT') && request.retries === 0) return { title: 42 };
  return {
    title: material.includes(phrases.articleTitle) ? phrases.articleTitle : null,
    lead: material.includes(phrases.articleLead) ? phrases.articleLead : null,
    ...(request.schema && 'finalAnalysis' in ((request.schema.properties as object) ?? {})
      ? { finalAnalysis: material.includes(phrases.articleTitle) ? `# Report\n\n${phrases.articleTitle}` : '' }
      : {}),
  };
}

beforeAll(async () => {
  site = await startFixtureSite();
  searxng = await startSearxngStandIn({ hits: (query) => matchingHits(fixtureHits(site.url), query) });
  model = await startOpenAiStandIn({ respond });
  receiver = await startReceiver();
  api = await startApi({
    auth: { 'fc-agent': 'agent-team', 'fc-agent-other': 'other-team' },
    credits: { 'agent-team': 10_000 },
    searchProvider: searxngProvider({ endpoint: searxng.origin }),
    llm: createLlmProvider({ provider: 'openai-compatible', model: 'stand-in', baseUrl: model.url, maxRetries: 0 }),
  });
  app = new Firecrawl({ apiKey: 'fc-agent', apiUrl: api.url });
  other = new Firecrawl({ apiKey: 'fc-agent-other', apiUrl: api.url });
});
afterAll(async () => {
  releaseSlow();
  await api?.close();
  await receiver?.close();
  await model?.close();
  await searxng?.close();
  await site?.close();
});

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('gave up waiting');
}

describe('@mendable/firecrawl-js 4.x agent', () => {
  it('agent(): searches, reads the page it found and answers with the schema; actions, sources, credits and tokens add up', async () => {
    const before = (await app.getCreditUsage()).remainingCredits;
    const tokensBefore = (await app.getTokenUsageHistorical()).periods[0]?.tokensUsed ?? 0;
    const result = (await app.agent({
      prompt: 'What is the headline of the harbour pilots article?',
      schema: TITLE_SCHEMA,
      pollInterval: 1,
      timeout: 60,
    })) as TrawlAgentStatus;

    expect(result.status).toBe('completed');
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ title: phrases.articleTitle, lead: phrases.articleLead });
    expect(result.actions.map((a) => `${a.tool}:${a.status}`)).toEqual(['search:done', 'scrape:done', 'finish:done', 'answer:done']);
    expect(result.sources).toEqual([expect.objectContaining({ url: `${site.url}/articles/boilerplate` })]);
    // The search went through the search provider with the model's query.
    expect(searxng.requests.map((r) => r.url.searchParams.get('q'))).toContain('harbour pilots');
    // A step is 1 credit, each search hit 1, a page 1, the answer 5.
    const hits = matchingHits(fixtureHits(site.url), 'harbour pilots').length;
    expect(result.creditsUsed).toBe(1 + hits + (1 + 1) + 1 + 5);
    expect(result.actions.reduce((sum, a) => sum + a.credits, 0)).toBe(result.creditsUsed);
    expect((await app.getCreditUsage()).remainingCredits).toBe(before - result.creditsUsed!);
    // The model's tokens are metered to the team, as extract's are.
    const tokensAfter = (await app.getTokenUsageHistorical()).periods[0]!.tokensUsed;
    expect(tokensAfter - tokensBefore).toBe(result.tokensUsed);
    expect(result.tokensUsed).toBeGreaterThan(0);
    expect(result.model).toBe('spark-2');
  });

  it('webhook: started, one action per action, then completed with the status body, in v2 envelopes', async () => {
    const started = await app.startAgent({
      prompt: 'Find the harbour pilots headline.',
      schema: TITLE_SCHEMA,
      webhook: { url: `${receiver.url}/agent`, metadata: { run: 'w1' }, events: ['started', 'action', 'completed', 'failed', 'cancelled'] },
    });
    const done = await waitFor(
      async () => receiver.requests.filter((r) => r.json.id === started.id),
      (events) => events.some((e) => e.json.type === 'agent.completed'),
    );
    expect(done.map((e) => e.json.type)).toEqual([
      'agent.started',
      'agent.action',
      'agent.action',
      'agent.action',
      'agent.action',
      'agent.completed',
    ]);
    expect(done[1]!.json).toMatchObject({ success: true, metadata: { run: 'w1' }, data: [expect.objectContaining({ tool: 'search' })] });
    expect(done[1]!.json.webhookId).toEqual(expect.any(String));
    expect(done.at(-1)!.json.data).toEqual([
      expect.objectContaining({ status: 'completed', data: expect.objectContaining({ title: phrases.articleTitle }) }),
    ]);
  });

  it('maxCredits: a step that would leave too little for the answer is refused, and the run ends cleanly with an answer and a warning', async () => {
    const result = (await app.agent({
      prompt: 'Find the harbour pilots headline.',
      schema: TITLE_SCHEMA,
      maxCredits: 8,
      pollInterval: 1,
      timeout: 60,
    })) as TrawlAgentStatus;

    expect(result.status).toBe('completed');
    // A search may cost 5 (its hits) + the step + the 5 of the answer: more than 8.
    expect(result.actions[0]).toMatchObject({ tool: 'search', status: 'refused', message: expect.stringMatching(/maxCredits/) });
    expect(result.actions.map((a) => a.tool)).toEqual(['search', 'scrape', 'answer']);
    expect(result.warning).toMatch(/stopped at maxCredits \(8 credits\)/);
    expect(result.creditsUsed).toBeLessThanOrEqual(8);
    expect(result.data).toMatchObject({ title: phrases.articleTitle });
  });

  it('an answer that does not fit the schema is asked for again once, as the json format does', async () => {
    const result = (await app.agent({
      prompt: 'MISFIT: the harbour pilots headline',
      schema: TITLE_SCHEMA,
      pollInterval: 1,
      timeout: 60,
    })) as TrawlAgentStatus;
    expect(result.status).toBe('completed');
    expect(result.data).toMatchObject({ title: phrases.articleTitle });
    const answers = model.requests.filter((r) => r.responseFormat === 'json_schema' && r.firstUserText.includes('MISFIT'));
    expect(answers.map((r) => r.retries)).toEqual([0, 1]);
    expect(answers[1]!.lastUserText).toMatch(/not valid against the JSON Schema/);
  });

  it('a model that fails ends the run failed, with the reason in the status and the agent.failed webhook', async () => {
    const started = await app.startAgent({ prompt: 'BROKEN: the harbour pilots headline', webhook: `${receiver.url}/failed` });
    const ended = await waitFor(
      () => app.getAgentStatus(started.id),
      (s) => s.status !== 'processing',
    );
    expect(ended).toMatchObject({ success: false, status: 'failed', error: expect.stringMatching(/the model server fell over/) });
    const events = await waitFor(
      async () => receiver.requests.filter((r) => r.json.id === started.id).map((r) => r.json),
      (all) => all.some((e) => e.type === 'agent.failed'),
    );
    expect(events.map((e) => e.type)).toEqual(['agent.started', 'agent.failed']);
    expect(events[1]).toMatchObject({ success: false, error: expect.stringMatching(/fell over/) });
  });

  it('cancelAgent stops a running agent: status cancelled, webhook cancelled, nothing more charged than it spent', async () => {
    const before = (await app.getCreditUsage()).remainingCredits;
    const started = await app.startAgent({ prompt: 'SLOW: find the harbour pilots headline.', webhook: `${receiver.url}/cancel` });
    await waitFor(
      async () => model.requests.filter((r) => r.lastUserText.includes('SLOW')).length,
      (n) => n > 0,
    );
    expect((await app.getAgentStatus(started.id)).status).toBe('processing');
    expect(await app.cancelAgent(started.id)).toBe(true);
    expect((await app.getAgentStatus(started.id)).status).toBe('cancelled');
    const events = await waitFor(
      async () => receiver.requests.filter((r) => r.json.id === started.id).map((r) => r.json.type),
      (types) => types.includes('agent.cancelled'),
    );
    // Only now may the model answer: the run stopped at once, not when it next looked.
    releaseSlow();
    expect(events).toEqual(['agent.started', 'agent.cancelled']);
    expect(((await app.getAgentStatus(started.id)) as TrawlAgentStatus).actions).toEqual([]);
    // The hold of maxCredits (2500) went back: the cancelled planning step spent nothing.
    await waitFor(
      async () => (await app.getCreditUsage()).remainingCredits,
      (left) => left === before,
    );
  });

  it("listAgents lists the team's agents newest first; another team sees none of them and reads each as 404", async () => {
    const listed = await app.listAgents();
    expect(listed.success).toBe(true);
    const agents = listed.agents!;
    expect(agents.length).toBeGreaterThanOrEqual(4);
    const times = agents.map((a) => Date.parse(a.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(agents[0]).toMatchObject({
      status: expect.stringMatching(/completed|cancelled/),
      options: { prompt: expect.stringContaining('harbour pilots'), model: 'spark-2' },
      settings: { hidden: false, starred: false },
    });
    expect((await app.listAgents({ before: times[0] })).agents!.map((a) => a.id)).toEqual(agents.slice(1).map((a) => a.id));

    expect((await other.listAgents()).agents).toEqual([]);
    const missing = await failureOf(other.getAgentStatus(agents[0]!.id));
    expect(missing.status).toBe(404);
    expect((await failureOf(other.cancelAgent(agents[0]!.id))).status).toBe(404);
    expect((await failureOf(app.getAgentStatus('00000000-0000-4000-8000-000000000000'))).status).toBe(404);
  });

  it('bad requests: no prompt, strictConstrainToURLs without urls, hosted threads', async () => {
    expect((await api.request('POST', '/v2/agent', { token: 'fc-agent', body: {} })).status).toBe(400);
    const strict = await api.request('POST', '/v2/agent', { token: 'fc-agent', body: { prompt: 'x', strictConstrainToURLs: true } });
    expect(strict.status).toBe(400);
    expect(JSON.stringify(strict.body)).toMatch(/strictConstrainToURLs needs urls/);
    const thread = await api.request('POST', '/v2/agent', {
      token: 'fc-agent',
      body: { prompt: 'x', threadId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(thread.status).toBe(501);
    // An unknown model name runs the default budget.
    const unknownModel = await api.request('POST', '/v2/agent', {
      token: 'fc-agent',
      body: { prompt: 'harbour pilots headline', model: 'my-own-model' },
    });
    expect(unknownModel.status).toBe(200);
  });

  it('strictConstrainToURLs: only the given pages are read, with no search offered', async () => {
    const result = await app.agent({
      prompt: 'What is the headline?',
      urls: [`${site.url}/articles/boilerplate`],
      strictConstrainToURLs: true,
      schema: TITLE_SCHEMA,
      pollInterval: 1,
      timeout: 60,
    });
    const planning = model.requests.filter((r) => r.responseFormat === 'tool' && r.lastUserText.includes('Read only these pages'));
    expect(planning.length).toBeGreaterThan(0);
    for (const step of planning) expect(step.tools).toEqual(['scrape', 'extract', 'finish']);
    expect(result.data).toMatchObject({ title: phrases.articleTitle });
  });
});

describe('@mendable/firecrawl-js 1.x deep research', () => {
  it('asyncDeepResearch and checkDeepResearchStatus: activities, sources and the final analysis in v1 shapes', async () => {
    const v1 = new FirecrawlApp({ apiKey: 'fc-agent', apiUrl: api.url });
    const started = await v1.asyncDeepResearch('harbour pilots headline', { maxDepth: 3, timeLimit: 60, maxUrls: 5 });
    expect(started).toMatchObject({ success: true, id: expect.any(String) });
    const id = (started as { id: string }).id;
    const status = await waitFor(
      async () => (await v1.checkDeepResearchStatus(id)) as Awaited<ReturnType<typeof v1.checkDeepResearchStatus>> & { status: string },
      (s) => s.status !== 'processing',
    );
    expect(status).toMatchObject({ success: true, status: 'completed', maxDepth: 3 });
    const body = status as unknown as {
      data: { finalAnalysis: string; activities: Array<{ type: string; status: string }>; sources: Array<{ url: string }> };
      activities: unknown[];
    };
    expect(body.data.finalAnalysis).toContain(phrases.articleTitle);
    expect(body.data.activities.map((a) => a.type)).toEqual(['search', 'extract', 'reasoning', 'synthesis']);
    expect(body.data.sources.map((s) => s.url)).toEqual([`${site.url}/articles/boilerplate`]);
    expect(body.activities).toEqual(body.data.activities);
    const otherTeam = await api.request('GET', `/v1/deep-research/${id}`, { token: 'fc-agent-other' });
    expect(otherTeam.status).toBe(404);
  });
});

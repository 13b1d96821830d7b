import { createPlaywrightBrowser, type PlaywrightBrowser } from '@trawl/browser-playwright';
import { createLlmProvider } from '@trawl/llm';
import { startOpenAiStandIn, toolCall, type OpenAiStandIn, type StandInRequest } from '@trawl/llm/testing';
import { phrases, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import Firecrawl from 'firecrawl-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './helpers/api-server.js';
import { failureOf } from './helpers/sdk-error.js';

/**
 * Interact and browser sessions through the real 4.42 SDK, on the fixture site, real Chromium,
 * and the loopback OpenAI stand-in turning prompts into Trawl's actions with real tool calls.
 */
let site: FixtureSite;
let model: OpenAiStandIn;
let browser: PlaywrightBrowser;
let api: TestApi;
let app: Firecrawl;
let other: Firecrawl;

/** The model's side: submit the form, then answer with the result line the page shows. */
function respond(request: StandInRequest): unknown {
  const text = request.lastUserText;
  // The Markdown of an empty search ends the line at the colon.
  const result = text.split('\n').find((line) => line.includes(phrases.formResultPrefix.trim()));
  if (result) return toolCall('done', { answer: result.trim() });
  return toolCall('click', { selector: '#search' });
}

beforeAll(async () => {
  site = await startFixtureSite();
  model = await startOpenAiStandIn({ respond });
  browser = createPlaywrightBrowser({ maxConcurrentPages: 2 });
  api = await startApi({
    auth: { 'fc-sessions': 'sessions-team', 'fc-sessions-other': 'other-team', 'fc-sessions-poor': 'poor-team' },
    credits: { 'sessions-team': 10_000, 'poor-team': 10 },
    browser,
    llm: createLlmProvider({ provider: 'openai-compatible', model: 'stand-in', baseUrl: model.url, maxRetries: 0 }),
    sessions: { perTeam: 2, codeEnabled: true, interactKeepMs: 60_000 },
  });
  app = new Firecrawl({ apiKey: 'fc-sessions', apiUrl: api.url });
  other = new Firecrawl({ apiKey: 'fc-sessions-other', apiUrl: api.url });
});

afterAll(async () => {
  await api?.close();
  await browser?.close();
  await model?.close();
  await site?.close();
});

describe('interact (SDK interact / stopInteraction)', () => {
  it('continues the page a browser scrape left: typed text stays, a prompt clicks and answers', async () => {
    const scraped = await app.scrape(`${site.url}/form`, {
      actions: [
        { type: 'click', selector: '#q' },
        { type: 'write', text: 'pilots' },
      ],
    });
    const scrapeId = scraped.metadata?.scrapeId;
    expect(scrapeId).toBeTruthy();
    // The kept page holds no page slot of the scrape pool.
    expect(browser.stats().activePages).toBe(0);
    expect(browser.stats().keptPages).toBe(1);

    const answer = await app.interact(scrapeId!, { prompt: 'Submit the search and tell me what the page says' });
    expect(answer.success).toBe(true);
    // "pilots" was typed by the scrape's actions: the interact ran on that very page.
    expect(answer.output).toBe(`${phrases.formResultPrefix}pilots`);
    expect(JSON.parse(answer.result!).actions).toEqual([{ type: 'click', selector: '#search' }]);

    // Another team's call on this scrape id reads as missing.
    expect((await failureOf(other.interact(scrapeId!, { prompt: 'anything' }))).status).toBe(404);

    const code = await app.interact(scrapeId!, { code: "return document.getElementById('result').textContent" });
    expect(JSON.parse(code.result!)).toBe(`${phrases.formResultPrefix}pilots`);

    const stopped = await app.stopInteraction(scrapeId!);
    expect(stopped.success).toBe(true);
    expect(browser.stats().keptPages).toBe(0);
    expect((await failureOf(app.interact(scrapeId!, { prompt: 'again' }))).status).toBe(404);
    expect((await failureOf(app.stopInteraction(scrapeId!))).status).toBe(404);
  });

  it('a scrape read over HTTP gets a page loaded at its URL on the first interact', async () => {
    const scraped = await app.scrape(`${site.url}/articles/minimal`);
    const answer = await app.interact(scraped.metadata!.scrapeId!, { code: 'return document.body.innerText' });
    expect(JSON.parse(answer.result!)).toContain(phrases.minimal);
    await app.stopInteraction(scraped.metadata!.scrapeId!);
  });

  it('drives a page opened from an HTTP scrape with a prompt', async () => {
    const scraped = await app.scrape(`${site.url}/form`);
    const answer = await app.interact(scraped.metadata!.scrapeId!, { prompt: 'Submit the search and tell me what the page says' });
    expect(answer.output).toBe(phrases.formResultPrefix.trim());
    await app.stopInteraction(scraped.metadata!.scrapeId!);
  });

  it('refuses code in a language other than JavaScript, and a body with nothing to run', async () => {
    const scraped = await app.scrape(`${site.url}/articles/minimal`);
    const bash = await failureOf(app.interact(scraped.metadata!.scrapeId!, { code: 'ls', language: 'bash' }));
    expect(bash.status).toBe(400);
    expect(bash.message).toMatch(/JavaScript inside the page/);
    const empty = await api.request('POST', `/v2/scrape/${scraped.metadata!.scrapeId}/interact`, { token: 'fc-sessions', body: {} });
    expect(empty.status).toBe(400);
  });
});

describe('browser sessions (SDK browser / browserExecute / listBrowsers / deleteBrowser)', () => {
  it('creates, drives with code and actions, lists per team, deletes and bills the minutes', async () => {
    const created = await app.browser({ ttl: 120, activityTtl: 60 });
    expect(created.success).toBe(true);
    expect(Date.parse(created.expiresAt!)).toBeGreaterThan(Date.now());
    const id = created.id!;

    const run = await app.browserExecute(id, { code: `location.href = ${JSON.stringify(`${site.url}/form`)}`, language: 'node' });
    expect(run.exitCode).toBe(0);
    // Trawl's actions (and a url to load first), sent as JSON: the SDK's browserExecute sends only code.
    const acted = await api.request('POST', `/v2/browser/${id}/execute`, {
      token: 'fc-sessions',
      body: {
        url: `${site.url}/form`,
        actions: [
          { type: 'click', selector: '#q' },
          { type: 'write', text: 'tugs' },
          { type: 'press', key: 'Enter' },
        ],
      },
    });
    expect(acted.status, JSON.stringify(acted.body)).toBe(200);
    expect(acted.body.output).toContain(`${phrases.formResultPrefix}tugs`);
    const logged = await app.browserExecute(id, { code: "console.log('hello'); console.error('oops'); return 6 * 7", language: 'node' });
    expect(logged).toMatchObject({ stdout: 'hello', stderr: 'oops', result: '42', exitCode: 0, killed: false });
    const thrown = await app.browserExecute(id, { code: "throw new Error('broken')", language: 'node' });
    expect(thrown.exitCode).toBe(1);
    expect(thrown.stderr).toMatch(/broken/);

    const listed = await app.listBrowsers();
    expect(listed.sessions?.map((s) => s.id)).toEqual([id]);
    expect(listed.sessions?.[0]).toMatchObject({ status: 'active', cdpUrl: '', liveViewUrl: '', streamWebView: false });
    expect((await other.listBrowsers()).sessions).toEqual([]);
    expect((await failureOf(other.browserExecute(id, { code: 'return 1', language: 'node' }))).status).toBe(404);
    expect((await failureOf(other.deleteBrowser(id))).status).toBe(404);

    const deleted = await app.deleteBrowser(id);
    expect(deleted).toMatchObject({ success: true, status: 'destroyed', creditsBilled: 2 });
    expect((await app.listBrowsers({ status: 'destroyed' })).sessions?.map((s) => s.id)).toContain(id);
    expect((await app.listBrowsers()).sessions).toEqual([]);
    expect((await failureOf(app.browserExecute(id, { code: 'return 1', language: 'node' }))).status).toBe(404);
    expect(browser.stats().keptPages).toBe(0);
  });

  it("holds a session's TTL in credits up front: a team that cannot pay for it gets a 402 and no page", async () => {
    const poor = new Firecrawl({ apiKey: 'fc-sessions-poor', apiUrl: api.url });
    // 10 minutes at 2 credits a minute is 20: more than the 10 the team has.
    const refused = await failureOf(poor.browser({ ttl: 600 }));
    expect(refused.status).toBe(402);
    expect(browser.stats().keptPages).toBe(0);
    // 2 minutes (4 credits) fit; ended within its first minute it is billed 2 and the rest goes back.
    const created = await poor.browser({ ttl: 120 });
    expect((await poor.deleteBrowser(created.id!)).creditsBilled).toBe(2);
    expect((await poor.getCreditUsage()).remainingCredits).toBe(8);
  });

  it('refuses a session past the per-team limit with 429 BROWSER_SESSION_LIMIT', async () => {
    const first = await app.browser();
    const second = await app.browser();
    const third = await api.request('POST', '/v2/browser', { token: 'fc-sessions', body: {} });
    expect(third.status).toBe(429);
    expect(third.body.code).toBe('BROWSER_SESSION_LIMIT');
    // The other team has room of its own.
    const theirs = await other.browser();
    await Promise.all([app.deleteBrowser(first.id!), app.deleteBrowser(second.id!), other.deleteBrowser(theirs.id!)]);
  });

  it('keeps a named profile: cookies and storage saved at the end come back in the next session', async () => {
    const first = await app.browser({ profile: { name: 'harbour', saveChanges: true } });
    await app.browserExecute(first.id!, { code: `location.href = ${JSON.stringify(`${site.url}/articles/minimal`)}`, language: 'node' });
    const set = await api.request('POST', `/v2/browser/${first.id}/execute`, {
      token: 'fc-sessions',
      body: {
        url: `${site.url}/articles/minimal`,
        code: "document.cookie = 'pilot=yes; max-age=3600'; localStorage.setItem('tide', 'high'); return true",
      },
    });
    expect(set.body.result).toBe('true');
    await app.deleteBrowser(first.id!);

    const second = await app.browser({ profile: { name: 'harbour' } });
    const read = await api.request('POST', `/v2/browser/${second.id}/execute`, {
      token: 'fc-sessions',
      body: { url: `${site.url}/articles/minimal`, code: "return [document.cookie, localStorage.getItem('tide')]" },
    });
    expect(JSON.parse(read.body.result)).toEqual(['pilot=yes', 'high']);
    await app.deleteBrowser(second.id!);
    // Another team's profile of the same name is its own (empty).
    const theirs = await other.browser({ profile: { name: 'harbour' } });
    const empty = await api.request('POST', `/v2/browser/${theirs.id}/execute`, {
      token: 'fc-sessions-other',
      body: { url: `${site.url}/articles/minimal`, code: 'return document.cookie' },
    });
    expect(JSON.parse(empty.body.result)).toBe('');
    await other.deleteBrowser(theirs.id!);
  });

  it('a code run past its timeout is killed and ends the session', async () => {
    const created = await app.browser();
    const stuck = await app.browserExecute(created.id!, { code: 'while (true) {}', language: 'node', timeout: 1 });
    expect(stuck).toMatchObject({ killed: true, exitCode: 124 });
    expect((await failureOf(app.browserExecute(created.id!, { code: 'return 1', language: 'node' }))).status).toBe(404);
  });
});

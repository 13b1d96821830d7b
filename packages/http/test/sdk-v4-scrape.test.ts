import { createLlmProvider } from '@trawl/llm';
import { startOpenAiStandIn, type OpenAiStandIn } from '@trawl/llm/testing';
import { boilerplateArticle, phrases, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import Firecrawl from 'firecrawl-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './helpers/api-server.js';
import { failureOf } from './helpers/sdk-error.js';

/** The official JS SDK 4.x (v2 API), unchanged, against this server: scrape and what it refuses. */
let site: FixtureSite;
let model: OpenAiStandIn;
let api: TestApi;
let open: TestApi;
let app: Firecrawl;

beforeAll(async () => {
  site = await startFixtureSite();
  model = await startOpenAiStandIn();
  const llm = createLlmProvider({ provider: 'openai-compatible', model: 'stand-in', baseUrl: model.url, maxRetries: 0 });
  api = await startApi({ auth: { 'fc-v4': 'sdk-team' }, llm });
  open = await startApi();
  app = new Firecrawl({ apiKey: 'fc-v4', apiUrl: api.url });
});
afterAll(async () => {
  await api?.close();
  await open?.close();
  await model?.close();
  await site?.close();
});

const article = () => `${site.url}/articles/boilerplate`;

describe('@mendable/firecrawl-js 4.x scrape', () => {
  it('scrape: markdown by default, metadata with a scrapeId', async () => {
    const doc = await app.scrape(article());
    expect(doc.markdown).toContain(phrases.articleLead);
    expect(doc.metadata?.statusCode).toBe(200);
    expect(doc.metadata?.sourceURL).toBe(article());
    expect(doc.metadata?.scrapeId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('scrape with formats as strings and objects: html, rawHtml, links, images, attributes', async () => {
    const doc = await app.scrape(article(), {
      formats: ['html', { type: 'rawHtml' }, 'links', 'images', { type: 'attributes', selectors: [{ selector: 'img', attribute: 'alt' }] }],
      onlyMainContent: false,
      includeTags: ['article'],
      removeBase64Images: true,
      blockAds: true,
      headers: { 'x-trawl-test': 'v2' },
      timeout: 20_000,
      maxAge: 0,
      storeInCache: false,
      parsers: ['pdf'],
    });
    expect(doc.markdown).toBeUndefined();
    expect(doc.html).toContain(phrases.articleLead);
    expect(doc.rawHtml).toContain('<html');
    expect(doc.links).toContain(`${site.url}/articles/minimal`);
    // Every image, absolute, once: srcset candidates included, the base64 one left out.
    expect(doc.images).toContain(new URL(boilerplateArticle.relativeImageSrc, article()).href);
    expect(doc.images).toContain(`${site.url}${boilerplateArticle.largestImagePath}`);
    expect(doc.images).toContain(`${site.url}/img/logo.png`);
    expect(doc.images!.every((url) => url.startsWith('http'))).toBe(true);
    expect(new Set(doc.images).size).toBe(doc.images!.length);
    const alts = doc.attributes?.[0];
    expect(alts).toMatchObject({ selector: 'img', attribute: 'alt' });
    expect(alts?.values).toContain('The pilot boat leaving the harbour at dawn');
    const seen = site.requests.filter((r) => r.path === '/articles/boilerplate' && r.headers['x-trawl-test'] === 'v2');
    expect(seen.length).toBeGreaterThan(0);
  });

  it('scrape with images alone returns only images', async () => {
    const doc = await app.scrape(article(), { formats: ['images'] });
    expect(doc.images?.length).toBeGreaterThan(2);
    expect(doc.rawHtml).toBeUndefined();
    expect(doc.markdown).toBeUndefined();
  });

  it('scrape with the json format and a summary, through the model', async () => {
    const schema = { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] };
    const json = await app.scrape(article(), { formats: [{ type: 'json', prompt: 'The title of the article', schema }] });
    expect(json.json).toEqual({ title: boilerplateArticle.title });
    expect(json.markdown).toBeUndefined();
    const summarised = await app.scrape(article(), { formats: ['markdown', 'summary'] });
    expect(typeof summarised.summary).toBe('string');
    expect(summarised.json).toBeUndefined();
    expect(summarised.markdown).toContain(phrases.articleLead);
    expect(model.requests.at(-1)?.userText).toContain(phrases.articleLead);
  });

  it('scrape options: location in any case, proxy, mobile, waitFor, hosted-only fields with a warning', async () => {
    const doc = await app.scrape(article(), {
      formats: ['markdown'],
      location: { country: 'de', languages: ['de-DE'] },
      proxy: 'enhanced',
      mobile: true,
      waitFor: 10,
      skipTlsVerification: false,
      fastMode: true,
      zeroDataRetention: true,
      integration: 'trawl-test',
    });
    expect(doc.markdown).toContain(phrases.articleLead);
    // Without a browser, what only a browser honours is named, as are the hosted-only fields.
    expect(doc.warning).toMatch(/mobile/);
    expect(doc.warning).toMatch(/fastMode changes nothing/);
    // zeroDataRetention is honoured (the page memory keeps nothing), so it is no warning.
    expect(doc.warning).not.toMatch(/zeroDataRetention/);
  });

  it('the hosted fields firecrawl-js 4.42 sends (threat protection, audit metadata, profile, Alexandria tools) are accepted, each named in the warning', async () => {
    const doc = await app.scrape(article(), {
      formats: ['markdown'],
      threatProtection: { mode: 'normal', riskScoreThreshold: 70, blacklist: ['*.example.net'], failurePolicy: 'closed' },
      auditMetadata: { username: 'ana' },
      profile: { name: 'shop-login', saveChanges: false },
      domainTools: true,
      toolDetail: 'full',
    });
    expect(doc.markdown).toContain(phrases.articleLead);
    for (const named of [
      /threatProtection is not applied/,
      /auditMetadata changes nothing/,
      /profile is not applied/,
      /domainTools finds no tools/,
    ])
      expect(doc.warning).toMatch(named);
    // Threat protection turned off asks for nothing, so it is no warning.
    const off = await app.scrape(article(), { formats: ['markdown'], threatProtection: { mode: 'off' } });
    expect(off.warning ?? '').not.toMatch(/threatProtection/);
  });

  it('a scrape is read again through GET /v2/scrape/{scrapeId}, by its own team only', async () => {
    const doc = await app.scrape(article(), { formats: ['links'] });
    const id = doc.metadata!.scrapeId!;
    const again = await api.request('GET', `/v2/scrape/${id}`, { token: 'fc-v4' });
    expect(again.status).toBe(200);
    expect(again.body.data.links).toEqual(doc.links);
    expect(again.body.data.metadata.scrapeId).toBe(id);
    const unknown = await api.request('GET', '/v2/scrape/00000000-0000-0000-0000-000000000000', { token: 'fc-v4' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, code: 'SCRAPE_NOT_FOUND' });
  });

  it('an open server takes the SDK without an API key (no Authorization header at all)', async () => {
    const keyless = new Firecrawl({ apiUrl: open.url });
    const doc = await keyless.scrape(`${site.url}/articles/minimal`);
    expect(doc.markdown).toBeTruthy();
    const bare = await fetch(`${open.url}/v2/scrape`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${site.url}/articles/minimal` }),
    });
    expect(bare.status).toBe(200);
  });

  it('a keyed server refuses the SDK without a key or with a wrong one', async () => {
    expect((await failureOf(new Firecrawl({ apiUrl: api.url }).scrape(article()))).status).toBe(401);
    expect((await failureOf(new Firecrawl({ apiKey: 'fc-wrong', apiUrl: api.url }).scrape(article()))).status).toBe(401);
  });
});

describe('v2 scrape refusals', () => {
  it('an unknown format is a 400 naming it', async () => {
    const error = await failureOf(app.scrape(article(), { formats: ['markdown', 'transcript' as never] }));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/formats\[1\].*"transcript" is not a format/);
    expect(error.details).toEqual([expect.objectContaining({ code: 'unsupported_format', path: ['formats', 1] })]);
  });

  it('an unknown field is a 400 naming it', async () => {
    const error = await failureOf(app.scrape(article(), { formats: ['markdown'], noSuchOption: true } as never));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/unrecognized key "noSuchOption"/);
  });

  it('redactPII, which Firecrawl takes, is a 400 when asked for: the page would come back unredacted', async () => {
    for (const redactPII of [true, { mode: 'fast' as const, entities: ['EMAIL' as const] }]) {
      const error = await failureOf(app.scrape(article(), { formats: ['markdown'], redactPII }));
      expect(error.status).toBe(400);
      expect(error.message).toMatch(/redactPII is a Firecrawl cloud feature/);
    }
    expect((await app.scrape(article(), { formats: ['markdown'], redactPII: false })).markdown).toContain(phrases.articleLead);
  });

  it("toolDetail is a scrape's own field: inside a crawl's scrapeOptions it is refused, as Firecrawl's types leave it out", async () => {
    const refused = await api.request('POST', '/v2/crawl', {
      token: 'fc-v4',
      body: { url: article(), limit: 1, scrapeOptions: { toolDetail: 'full' } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/unrecognized key "toolDetail"/);
  });

  it('an invalid attributes selector and a bad screenshot quality are 400s', async () => {
    const selector = await failureOf(
      app.scrape(article(), { formats: [{ type: 'attributes', selectors: [{ selector: 'a[', attribute: 'href' }] }] }),
    );
    expect(selector.status).toBe(400);
    expect(selector.message).toMatch(/not a valid CSS selector/);
    const response = await api.request('POST', '/v2/scrape', {
      token: 'fc-v4',
      body: { url: article(), formats: [{ type: 'screenshot', quality: 500 }] },
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/formats\[0\]\.quality/);
  });

  it('screenshots and the pdf action without a browser name the adapter (changeTracking: change-tracking.test.ts)', async () => {
    const pdf = await failureOf(app.scrape(article(), { actions: [{ type: 'pdf' }] }));
    expect(pdf.status).toBe(501);
    expect(pdf.message).toMatch(/browser/);
    const screenshot = await failureOf(app.scrape(article(), { formats: [{ type: 'screenshot', fullPage: true }] }));
    expect(screenshot.status).toBe(501);
    expect(screenshot.message).toMatch(/browser/);
  });

  it('hosted-only products answer 501 naming the endpoint, one call at a time', async () => {
    const trace = await failureOf(app.getAgentTrace('some-agent'));
    expect(trace.status).toBe(501);
    expect(trace.message).toMatch(/GET \/v2\/agent\/:id\/trace .*agent product/);
    // Sessions are Trawl's own (browser-sessions.test.ts): without a browser they name the adapter, and code is off by default.
    const browser = await failureOf(app.browser());
    expect(browser.status).toBe(501);
    expect(browser.message).toMatch(/Browser sessions need a browser/);
    const interact = await failureOf(app.interact('some-scrape', { code: 'return 1' }));
    expect(interact.status).toBe(403);
    expect(interact.message).toMatch(/TRAWL_BROWSER_CODE/);
    const papers = await failureOf(app.research.searchPapers('harbour pilots'));
    expect(papers.status).toBe(501);
    // The next call still works.
    expect((await app.scrape(`${site.url}/articles/minimal`)).markdown).toBeTruthy();
  });
});

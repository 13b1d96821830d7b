import { createLlmProvider } from '@trawl/llm';
import { readFromPrompt, startOpenAiStandIn, type OpenAiStandIn, type StandInRequest } from '@trawl/llm/testing';
import { profileFixtures, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import Firecrawl from 'firecrawl-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './helpers/api-server.js';
import { failureOf } from './helpers/sdk-error.js';

/**
 * v2's page formats through the official 4.x SDK, unchanged: product, menu, branding, audio and
 * video read from the page with no model; question through the model; highlights by BM25, reranked
 * by the model when there is one; a model filling only what a product page leaves out; lockdown
 * served from the page memory only. The model is the loopback OpenAI stand-in.
 */
let site: FixtureSite;
let model: OpenAiStandIn;
let withModel: TestApi;
let noModel: TestApi;
let app: Firecrawl;
let plain: Firecrawl;

/** The stand-in answers each task as a model would, from what the request asks. */
function respond(request: StandInRequest): unknown {
  const properties = Object.keys((request.schema?.properties ?? {}) as Record<string, unknown>);
  if (properties.includes('answer'))
    return { answer: `From the page: ${/this question from the page: (.+)/.exec(request.firstUserText)?.[1] ?? ''}` };
  // Reranking: the second candidate is the best, then the first.
  if (properties.includes('passages')) return { passages: [2, 1] };
  if (properties.includes('category')) return { category: 'Kitchen > Mugs' };
  if (properties.includes('sections'))
    return {
      merchant: 'The Pilot House',
      sections: [{ name: 'Specials', items: [{ name: 'Harbour stew', description: null, price: 18, currency: 'USD' }] }],
    };
  return readFromPrompt(request);
}

beforeAll(async () => {
  site = await startFixtureSite();
  model = await startOpenAiStandIn({ respond });
  const llm = createLlmProvider({ provider: 'openai-compatible', model: 'stand-in', baseUrl: model.url, maxRetries: 0 });
  withModel = await startApi({ auth: { 'fc-formats': 'formats-team' }, llm });
  noModel = await startApi({ auth: { 'fc-plain': 'plain-team' } });
  app = new Firecrawl({ apiKey: 'fc-formats', apiUrl: withModel.url });
  plain = new Firecrawl({ apiKey: 'fc-plain', apiUrl: noModel.url });
});
afterAll(async () => {
  await withModel?.close();
  await noModel?.close();
  await model?.close();
  await site?.close();
});

const page = (fixture: { path: string }) => `${site.url}${fixture.path}`;

describe('formats read from the page, no model', () => {
  it('product from JSON-LD: title, brand, variants with prices, a sale and availability; nothing else in the document', async () => {
    const doc = await plain.scrape(page(profileFixtures.jsonLdProduct), { formats: ['product'] });
    expect(doc.product).toMatchObject({
      title: 'Harbour Trail Jacket',
      brand: 'Harbourline',
      category: 'Outdoor > Jackets',
      url: page(profileFixtures.jsonLdProduct),
    });
    expect(
      doc.product?.variants.map((variant) => [variant.sku, variant.price?.amount, variant.price?.currency, variant.availability.inStock]),
    ).toEqual([
      ['HTJ-NAVY-M', 189, 'EUR', true],
      ['HTJ-RUST-M', 199, 'EUR', false],
    ]);
    expect(doc.product?.variants[0]?.sale?.originalPrice.amount).toBe(239);
    expect(doc.markdown).toBeUndefined();
    expect(doc.rawHtml).toBeUndefined();
    expect(doc.metadata?.title).toBe('Harbour Trail Jacket | Harbourline');
  });

  it('product from microdata only, and no model asked when none is configured', async () => {
    const doc = await plain.scrape(page(profileFixtures.microdataProduct), { formats: ['markdown', 'product'] });
    expect(doc.product).toMatchObject({
      title: 'Enamel Camp Mug',
      brand: 'Fjellkit',
      variants: [{ sku: 'FK-MUG-350', price: { amount: 24.5, currency: 'GBP' } }],
    });
    expect(doc.product?.category).toBeUndefined();
    expect(doc.markdown).toContain('enamel mug');
  });

  it('menu: sections of priced items from plain markup', async () => {
    const doc = await plain.scrape(page(profileFixtures.menu), { formats: ['menu'] });
    expect(doc.menu).toMatchObject({ isMenu: true, currency: 'USD', sourceUrl: page(profileFixtures.menu) });
    expect(
      doc.menu?.sections.map(
        (section) => `${section.name}: ${section.items.map((item) => `${item.name} ${item.price?.formatted}`).join(', ')}`,
      ),
    ).toEqual([
      'Starters: Clam chowder $9.50, Crab cakes $14.00',
      'Mains: Fish and chips $21.00, Lobster roll $32.00, Grilled salmon $27.50',
      'Desserts: Key lime pie $8.00',
    ]);
  });

  it('branding, audio and video together', async () => {
    const branded = await plain.scrape(page(profileFixtures.branding), { formats: ['branding'] });
    expect(branded.branding).toMatchObject({
      brandName: 'Brightwave',
      colors: { primary: '#0B5FFF', secondary: '#FF6B35' },
      typography: { fontFamilies: { primary: 'Inter', heading: 'Playfair Display' } },
      images: { favicon: `${site.url}/assets/favicon-32.png` },
    });
    const media = await plain.scrape(page(profileFixtures.media), { formats: ['audio', 'video', 'markdown'] });
    expect(media.video).toBe(`${site.url}/media/harbour-og.mp4`);
    expect(media.audio).toBe(`${site.url}/media/soundtrack.mp3`);
    expect(media.markdown).toContain('Harbour walks');
  });

  it('highlights: the passages that share the query’s words, best first, by BM25', async () => {
    const doc = await plain.scrape(page(profileFixtures.jsonLdProduct), {
      formats: [{ type: 'highlights', query: 'taped seams and a helmet hood' }],
    });
    expect(doc.highlights?.split('\n\n')[0]).toContain('Taped seams, a hood that fits over a helmet');
    expect(doc.markdown).toBeUndefined();
  });

  it('question without a model is a 501 naming the format, before the page is loaded', async () => {
    const url = `${page(profileFixtures.menu)}?question-without-model`;
    const error = await failureOf(plain.scrape(url, { formats: [{ type: 'question', question: 'Is there a vegan dish?' }] }));
    expect(error.status).toBe(501);
    expect(error.code).toBe('SCRAPE_ADAPTER_MISSING');
    expect(error.message).toMatch(/"question" format needs an LLM provider/);
    expect(site.requests.some((request) => request.path.includes('question-without-model'))).toBe(false);
  });

  it('bad format objects are 400s naming the field', async () => {
    // The SDK refuses an empty question itself; a client that sends one gets a 400.
    const empty = await noModel.request('POST', '/v2/scrape', {
      token: 'fc-plain',
      body: { url: page(profileFixtures.menu), formats: [{ type: 'question', question: '  ' }] },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatch(/question/);
    const bare = await noModel.request('POST', '/v2/scrape', {
      token: 'fc-plain',
      body: { url: page(profileFixtures.menu), formats: ['highlights'] },
    });
    expect(bare.status).toBe(400);
    expect(bare.body.error).toMatch(/highlights format must be an object/);
    const long = await noModel.request('POST', '/v2/scrape', {
      token: 'fc-plain',
      body: { url: page(profileFixtures.menu), formats: [{ type: 'highlights', query: 'x'.repeat(10_001) }] },
    });
    expect(long.status).toBe(400);
  });

  it('v1 has none of them: the core options behind them are a 400 there, as every v2-only field is', async () => {
    for (const field of [{ profiles: ['product'] }, { question: 'Why?' }, { highlightsQuery: 'tides' }]) {
      const v1 = await noModel.request('POST', '/v1/scrape', { token: 'fc-plain', body: { url: page(profileFixtures.menu), ...field } });
      expect(v1.status).toBe(400);
      expect(JSON.stringify(v1.body)).toContain(Object.keys(field)[0]);
    }
  });
});

describe('formats through the model', () => {
  it('question: the model answers from the page; the answer comes back in `answer`', async () => {
    const doc = await app.scrape(page(profileFixtures.jsonLdProduct), {
      formats: [{ type: 'question', question: 'What does the jacket cost?' }],
    });
    expect(doc.answer).toBe('From the page: What does the jacket cost?');
    const asked = model.requests.at(-1)!;
    expect(asked.firstUserText).toContain('Taped seams');
    expect(doc.markdown).toBeUndefined();
  });

  it('the deprecated query format is answered the same way', async () => {
    const doc = await app.scrape(page(profileFixtures.menu), { formats: [{ type: 'query', prompt: 'Which starters are there?' }] });
    expect(doc.answer).toBe('From the page: Which starters are there?');
  });

  it('highlights reranked by the model: its order wins, and every passage is the page’s own text', async () => {
    const doc = await app.scrape(page(profileFixtures.menu), {
      formats: [{ type: 'highlights', query: 'lobster roll or grilled salmon' }],
    });
    const listed = model.requests.at(-1)!.firstUserText;
    const candidate = (number: number) => new RegExp(`\\[${number}\\] ([^\\n]+)`).exec(listed)?.[1];
    expect(candidate(2)).toBeDefined();
    expect(doc.highlights?.split('\n\n')).toEqual([candidate(2), candidate(1)]);
  });

  it('product: the model is asked only for what the page left out, and the page’s own values stay', async () => {
    const doc = await app.scrape(page(profileFixtures.microdataProduct), { formats: ['product'] });
    const asked = model.requests.at(-1)!;
    expect(Object.keys((asked.schema?.properties ?? {}) as object)).toEqual(['category']);
    expect(doc.product).toMatchObject({
      title: 'Enamel Camp Mug',
      brand: 'Fjellkit',
      category: 'Kitchen > Mugs',
      variants: [{ price: { amount: 24.5 } }],
    });
  });
});

describe('formats on job pages', () => {
  it('a batch scrape gives each page its product and menu, in v2’s shape', async () => {
    const job = await plain.batchScrape([page(profileFixtures.jsonLdProduct), page(profileFixtures.menu)], {
      options: { formats: ['product', 'menu'] },
      pollInterval: 1,
    });
    expect(job.status).toBe('completed');
    const byUrl = new Map(job.data.map((doc) => [doc.metadata?.sourceURL, doc]));
    expect(byUrl.get(page(profileFixtures.jsonLdProduct))?.product?.title).toBe('Harbour Trail Jacket');
    expect(byUrl.get(page(profileFixtures.menu))?.menu?.sections).toHaveLength(3);
    expect(byUrl.get(page(profileFixtures.menu))?.product).toBeUndefined();
    expect(job.data.every((doc) => doc.rawHtml === undefined && doc.markdown === undefined)).toBe(true);
  });

  it('a menu the page’s markup does not show is read by the model when one is configured', async () => {
    const doc = await app.scrape(page(profileFixtures.media), { formats: ['menu'] });
    expect(doc.menu).toMatchObject({
      isMenu: true,
      confidence: 0.7,
      merchant: { name: 'The Pilot House' },
      currency: 'USD',
      sections: [{ name: 'Specials', items: [{ name: 'Harbour stew', price: { amount: 18, currency: 'USD', formatted: '$18.00' } }] }],
    });
    expect(model.requests.at(-1)?.firstUserText).toContain('Harbour walks');
    // Without a model, the same page has no menu.
    expect((await plain.scrape(page(profileFixtures.media), { formats: ['menu'] })).menu).toBeUndefined();
  });
});

describe('lockdown', () => {
  it('answers from the page memory only: a miss is SCRAPE_LOCKDOWN_MISS and never loads the page; a kept copy is served', async () => {
    const url = `${page(profileFixtures.jsonLdProduct)}?lockdown`;
    const loads = () => site.requests.filter((request) => request.path.endsWith('?lockdown')).length;
    const miss = await failureOf(plain.scrape(url, { formats: ['product'], lockdown: true }));
    expect(miss.status).toBe(404);
    expect(miss.code).toBe('SCRAPE_LOCKDOWN_MISS');
    expect(loads()).toBe(0);
    const fresh = await plain.scrape(url, { formats: ['product'] });
    expect(loads()).toBe(1);
    const kept = await plain.scrape(url, { formats: ['product'], lockdown: true, maxAge: 1 });
    expect(loads()).toBe(1);
    expect(kept.product).toEqual(fresh.product);
    expect(kept.metadata?.cacheState).toBe('hit');
    expect(kept.warning ?? '').not.toMatch(/lockdown/);
    // Another team's copy is not this team's memory.
    const other = await withModel.request('POST', '/v2/scrape', {
      token: 'fc-formats',
      body: { url, formats: ['product'], lockdown: true },
    });
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ success: false, code: 'SCRAPE_LOCKDOWN_MISS' });
  });
});

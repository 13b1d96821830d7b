import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  changingPageHtml,
  INITIAL_CHANGING_PAGE,
  startFixtureSite,
  type ChangingPage,
  type ChangingPageState,
  type FixtureSite,
} from '@trawl/testkit';
import { createMemoryStore, scrape, type MemoryStore } from '../../src/index.js';
import { trackingKey } from '../../src/memory/keys.js';

const pages = new Map<string, ChangingPage>();
let site: FixtureSite;
let store: MemoryStore;
let state: ChangingPageState;

const PATH = '/changing/kettle';
const url = () => `${site.url}${PATH}`;
const publish = (changes: Partial<ChangingPageState> = {}) => {
  state = { ...state, ...changes };
  pages.set(PATH, { status: 200, html: changingPageHtml(state) });
};
const fetchesOfPage = () => site.requests.filter((request) => request.path === PATH).length;
const tracked = (extra: Parameters<typeof scrape>[1] = {}) =>
  scrape(url(), { store, changeTracking: { modes: ['git-diff'] }, convertPool: false, ...extra });

beforeAll(async () => {
  site = await startFixtureSite({ changingPages: pages });
});
afterAll(async () => {
  await site.close();
});
beforeEach(() => {
  store = createMemoryStore();
  state = INITIAL_CHANGING_PAGE;
  publish();
});

describe('change tracking', () => {
  it('reports new, then same, then changed with a unified and a parsed diff of the text', async () => {
    const first = await tracked();
    expect(first.changeTracking).toEqual({ previousScrapeAt: null, changeStatus: 'new', visibility: 'visible' });
    expect(first.markdown).toContain('$49.00');
    expect(first.rawHtml).toBeUndefined();

    const second = await tracked();
    expect(second.changeTracking?.changeStatus).toBe('same');
    expect(second.changeTracking?.previousScrapeAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(second.changeTracking?.diff).toBeUndefined();

    publish({ price: '$39.00' });
    const third = await tracked();
    expect(third.changeTracking?.changeStatus).toBe('changed');
    const diff = third.changeTracking!.diff!;
    expect(diff.text).toContain('-Price: **$49.00**');
    expect(diff.text).toContain('+Price: **$39.00**');
    const changes = diff.json.files[0]!.chunks.flatMap((chunk) => chunk.changes);
    expect(changes.filter((c) => c.type === 'del').map((c) => c.content)).toEqual(['-Price: **$49.00**']);
    expect(changes.filter((c) => c.type === 'add').map((c) => c.content)).toEqual(['+Price: **$39.00**']);
  });

  it('sees a changed table cell and a price stated only in the JSON-LD', async () => {
    await tracked();
    publish({ weight: '1.4 kg' });
    const cell = await tracked();
    expect(cell.changeTracking?.changeStatus).toBe('changed');
    expect(cell.changeTracking?.diff?.text).toMatch(/\+\| Weight \| 1\.4 kg \|/);

    publish({ jsonLdPrice: '44.00' });
    const jsonLd = await tracked();
    expect(jsonLd.changeTracking?.changeStatus).toBe('changed');
    expect(jsonLd.changeTracking?.diff?.text).toContain('+offers.price: 44.00');
  });

  it('reads noise alone as the same page: footer time, rotating ad, CSRF token, cache-busting query', async () => {
    await tracked();
    publish({ updatedAt: new Date('2026-11-25T17:42:13Z'), ad: 7, csrf: 'z9y8x7w6v5u4t3s2r1q0p9o8n7m6l5k4', assetVersion: 1800000000 });
    const noisy = await tracked();
    expect(noisy.changeTracking?.changeStatus).toBe('same');
  });

  it('keeps the comparable hash when an identical page skips the noise rules, so noise after it still reads same', async () => {
    await tracked();
    const snapshot = () => store.pages.recall('local', trackingKey(url(), undefined));
    const first = await snapshot();
    expect(first?.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await tracked()).changeTracking?.changeStatus).toBe('same');
    expect((await tracked()).changeTracking?.changeStatus).toBe('same');
    expect((await snapshot())?.contentHash).toBe(first?.contentHash);
    publish({ updatedAt: new Date('2026-12-01T08:00:00Z'), csrf: 'a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6' });
    expect((await tracked()).changeTracking?.changeStatus).toBe('same');
    publish({ price: '$77.00' });
    expect((await tracked()).changeTracking?.changeStatus).toBe('changed');
  });

  it('reports a page that answers 404 or 410 as removed, and one that comes back as changed or same', async () => {
    await tracked();
    pages.set(PATH, { status: 404 });
    expect((await tracked()).changeTracking?.changeStatus).toBe('removed');
    pages.set(PATH, { status: 410 });
    expect((await tracked()).changeTracking?.changeStatus).toBe('removed');
    publish();
    expect((await tracked()).changeTracking?.changeStatus).toBe('same');
  });

  it('keeps a history per tag', async () => {
    await tracked({ changeTracking: { tag: 'a' } });
    publish({ price: '$1.00' });
    expect((await tracked({ changeTracking: { tag: 'b' } })).changeTracking?.changeStatus).toBe('new');
    expect((await tracked({ changeTracking: { tag: 'a' } })).changeTracking?.changeStatus).toBe('changed');
    expect((await tracked({ changeTracking: { tag: 'b' } })).changeTracking?.changeStatus).toBe('same');
  });

  it('keeps nothing with zeroDataRetention, and needs a store', async () => {
    await tracked({ zeroDataRetention: true });
    expect((await tracked()).changeTracking?.changeStatus).toBe('new');
    await expect(scrape(url(), { changeTracking: true, convertPool: false })).rejects.toMatchObject({ code: 'INVALID_OPTIONS' });
  });
});

describe('scrape cache', () => {
  it('serves a hit within maxAge without fetching, marked in metadata; maxAge 0 fetches', async () => {
    const fresh = await scrape(url(), { store, maxAge: 60_000, convertPool: false });
    expect(fresh.metadata.cacheState).toBe('miss');
    const before = fetchesOfPage();
    publish({ price: '$10.00' });
    const hit = await scrape(url(), { store, maxAge: 60_000, convertPool: false });
    expect(fetchesOfPage()).toBe(before);
    expect(hit.metadata.cacheState).toBe('hit');
    expect(hit.metadata.cachedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(hit.markdown).toContain('$49.00');
    const miss = await scrape(url(), { store, maxAge: 0, convertPool: false });
    expect(fetchesOfPage()).toBe(before + 1);
    expect(miss.markdown).toContain('$10.00');
    expect(miss.metadata.cacheState).toBeUndefined();
  });

  it('a change-tracking scrape with maxAge 0 fills the cache a later maxAge scrape reads, without its comparison', async () => {
    const trackedScrape = await tracked({ maxAge: 0 });
    expect(trackedScrape.changeTracking?.changeStatus).toBe('new');
    const before = fetchesOfPage();
    publish({ price: '$10.00' });
    const hit = await scrape(url(), { store, maxAge: 60_000, convertPool: false });
    expect(fetchesOfPage()).toBe(before);
    expect(hit.metadata.cacheState).toBe('hit');
    expect(hit.markdown).toContain('$49.00');
    expect(hit.changeTracking).toBeUndefined();
    expect(hit.rawHtml).toBeUndefined();
    // storeInCache false still keeps no copy (the tracked history is change tracking's own).
    store = createMemoryStore();
    await tracked({ storeInCache: false });
    const fetched = await scrape(url(), { store, maxAge: 60_000, convertPool: false });
    expect(fetched.metadata.cacheState).toBe('miss');
  });

  it('keys the cache by the options that change the output', async () => {
    await scrape(url(), { store, maxAge: 60_000, convertPool: false });
    const html = await scrape(url(), { store, maxAge: 60_000, formats: ['html'], convertPool: false });
    expect(html.metadata.cacheState).toBe('miss');
    expect(html.html).toContain('Harbour kettle');
  });

  it('stores nothing with storeInCache false or zeroDataRetention; minAge answers from the cache only', async () => {
    await scrape(url(), { store, storeInCache: false, convertPool: false });
    await scrape(url(), { store, zeroDataRetention: true, convertPool: false });
    expect(store.footprint().pageSnapshots).toBe(0);
    await expect(scrape(url(), { store, minAge: 0, convertPool: false })).rejects.toMatchObject({ code: 'SCRAPE_NO_CACHED_DATA' });
    await scrape(url(), { store, convertPool: false });
    expect((await scrape(url(), { store, minAge: 0, convertPool: false })).metadata.cacheState).toBe('hit');
    await expect(scrape(url(), { store, minAge: 3_600_000, convertPool: false })).rejects.toMatchObject({ code: 'SCRAPE_NO_CACHED_DATA' });
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeDispatchers, crawl, createMemoryStore, createRuntime, searchAndScrape, type Document } from '@trawl/core';
import { startCrawlJob, teamRuntime } from '@trawl/core/server';
import type { Store } from '@trawl/core/ports';
import { createSqliteStore } from '@trawl/store-sqlite';
import { phrases, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalIndex, corpusLogId, createLocalIndexes, createTeamSearchIndex, searchFromEnv, teamCorpus } from '../src/index.js';

let site: FixtureSite;
let dir: string;
let store: Store;
let index: LocalIndex;
let indexed = 0;

/** Crawls the fixture site, feeding each page to the index as a server's worker would. */
async function crawlInto(target: LocalIndex, crawlStore: Store): Promise<number> {
  const job = crawl(`${site.url}/`, { limit: 25, store: crawlStore, scrapeOptions: { formats: ['markdown'] } });
  const feeding: Array<Promise<boolean>> = [];
  job.on('page', (doc) => feeding.push(target.indexDocument(doc)));
  await job.done;
  return (await Promise.all(feeding)).filter(Boolean).length;
}

function page(url: string, markdown: string, extra: Partial<Document['metadata']> = {}): Document {
  return { markdown, metadata: { sourceURL: url, url, statusCode: 200, ...extra } };
}

beforeAll(async () => {
  site = await startFixtureSite();
  dir = await mkdtemp(join(tmpdir(), 'trawl-search-'));
  store = createMemoryStore();
  index = new LocalIndex({ store });
  indexed = await crawlInto(index, store);
});
afterAll(async () => {
  await Promise.all([site.close(), store.close()]);
  await rm(dir, { recursive: true, force: true });
  await closeDispatchers();
});

describe('local index of crawled pages', () => {
  it('indexes every page the crawl scraped', () => {
    expect(indexed).toBeGreaterThan(10);
    expect(index.size).toBe(indexed);
  });

  it('finds pages by their words, best match first, with the stored page attached', async () => {
    const [best, ...rest] = await index.search('harbour pilots channel', { limit: 5 });
    expect(best?.url).toBe(`${site.url}/articles/boilerplate`);
    expect(best?.title).toBe(`${phrases.articleTitle} | The Harbour Gazette`);
    expect(best?.description).toMatch(/Harbour pilots steer/);
    expect(best?.document?.markdown).toContain(phrases.articleLead);
    expect(best?.document?.metadata).toMatchObject({ statusCode: 200, language: 'en' });
    expect(rest.every((hit) => hit.url !== best?.url)).toBe(true);
  });

  it('matches words of the URL path and near spellings', async () => {
    const blog = await index.search('blog', { limit: 10 });
    expect(blog.length).toBeGreaterThan(0);
    expect(blog[0]?.url).toMatch(/\/blog\/\d$/);
    const fuzzy = await index.search('harbur piolts', { limit: 1 });
    expect(fuzzy[0]?.url).toBe(`${site.url}/articles/boilerplate`);
  });

  it('prefers pages matching every word, then fills up with pages matching any', async () => {
    const hits = await index.search('notes part', { limit: 20 });
    expect(hits.slice(0, 5).every((hit) => /\/blog\/\d$/.test(hit.url))).toBe(true);
    expect(await index.search('zyzzyva quokka', { limit: 5 })).toEqual([]);
  });

  it('answers searchAndScrape from the stored pages, without fetching them again', async () => {
    site.resetRequests();
    const result = await searchAndScrape(index, 'harbour pilots', { limit: 1, scrapeOptions: { formats: ['markdown'] } });
    expect(result.data[0]?.markdown).toContain(phrases.articleLead);
    expect(site.requests).toHaveLength(0);
  });

  it('is what searchFromEnv returns for TRAWL_SEARCH_PROVIDER=local', () => {
    expect(searchFromEnv({ TRAWL_SEARCH_PROVIDER: 'local' }, { localIndex: index })).toBe(index);
    expect(() => searchFromEnv({ TRAWL_SEARCH_PROVIDER: 'local' })).toThrow(/local index/);
  });
});

describe('the corpus lives in the Store', () => {
  it('survives a restart: a new index over the same SQLite file finds what the old one indexed', async () => {
    const path = join(dir, 'trawl.db');
    const first = createSqliteStore({ path });
    const before = new LocalIndex({ store: first });
    const count = await crawlInto(before, first);
    expect(count).toBeGreaterThan(10);
    await first.close();

    const reopened = createSqliteStore({ path });
    try {
      const after = new LocalIndex({ store: reopened });
      const hits = await after.search(phrases.articleLead, { limit: 3 });
      expect(hits[0]?.url).toBe(`${site.url}/articles/boilerplate`);
      expect(after.size).toBe(count);
      expect(await reopened.results.count(corpusLogId('default'))).toBe(count);
    } finally {
      await reopened.close();
    }
  });

  it('is shared by every instance over one Store, and kept apart per corpus', async () => {
    const shared = createMemoryStore();
    const worker = new LocalIndex({ store: shared });
    const server = new LocalIndex({ store: shared });
    const otherTeam = createLocalIndexes({ store: shared }).get('team-b');
    await worker.indexDocument(page('https://docs.example/tides', '# Tide tables\n\nSpring tides and neap tides.'));
    expect((await server.search('neap tides', { limit: 5 })).map((h) => h.url)).toEqual(['https://docs.example/tides']);
    expect(await otherTeam.search('neap tides', { limit: 5 })).toEqual([]);
    await shared.close();
  });

  it("a server's team index keeps each team's pages in its own corpus, by the job that found them", async () => {
    const shared = createMemoryStore();
    const teams = createTeamSearchIndex({ store: shared });
    const jobOfA = await startCrawlJob('https://docs.example/', {}, { store: shared, teamId: 'team-a' });
    const jobOfB = await startCrawlJob('https://docs.example/', {}, { store: shared, teamId: 'team-b' });
    expect(await teams.indexJobPage(page('https://docs.example/tides', 'Spring tides and neap tides.'), jobOfA.id)).toBe(true);
    expect(await teams.indexJobPage(page('https://docs.example/locks', 'Canal locks and weirs.'), jobOfB.id)).toBe(true);
    // A page of a job that is gone (expired) goes nowhere.
    expect(await teams.indexJobPage(page('https://docs.example/gone', 'Lost page.'), 'no-such-job')).toBe(false);
    const urls = async (team: string, query: string) => (await teams.forTeam(team).search(query, { limit: 5 })).map((h) => h.url);
    expect(await urls('team-a', 'neap tides')).toEqual(['https://docs.example/tides']);
    expect(await urls('team-b', 'neap tides')).toEqual([]);
    expect(await urls('team-b', 'canal locks')).toEqual(['https://docs.example/locks']);
    // The corpus is kept in the store under the team's name, so other processes on it agree.
    expect(await shared.results.count(corpusLogId(teamCorpus('team-a')))).toBe(1);
    expect(await new LocalIndex({ store: shared, corpus: teamCorpus('team-b') }).search('canal', { limit: 5 })).toHaveLength(1);
    // A search naming no team is refused, never answered from every team's pages.
    await expect(teams.search('tides', { limit: 5 })).rejects.toMatchObject({ code: 'INVALID_OPTIONS' });
    // What the API and its jobs search with: the runtime scoped to the caller's team.
    const runtime = teamRuntime(createRuntime({ store: shared, searchProvider: teams }), { teamId: 'team-b', apiKey: null });
    expect((await runtime.searchProvider!.search('tides locks', { limit: 5 })).map((h) => h.url)).toEqual(['https://docs.example/locks']);
    await shared.close();
  });

  it('replaces a page indexed again, and skips error pages and empty ones', async () => {
    const own = new LocalIndex({ store: createMemoryStore() });
    expect(await own.indexDocument(page('https://a.example/p', 'alpha lighthouse'))).toBe(true);
    expect(await own.indexDocument(page('https://a.example/p#again', 'beta lightship'))).toBe(true);
    expect(own.size).toBe(1);
    expect(await own.search('lighthouse', { limit: 5 })).toEqual([]);
    const [hit] = await own.search('lightship', { limit: 5 });
    expect(hit?.document?.markdown).toBe('beta lightship');
    expect(await own.indexDocument(page('https://a.example/missing', 'Not here', { statusCode: 404 }))).toBe(false);
    expect(await own.indexDocument(page('https://a.example/blank', '  '))).toBe(false);
    expect(own.size).toBe(1);
  });
});

describe('search options on the local corpus', () => {
  it('tbs keeps pages indexed within the range', async () => {
    const day = 86_400_000;
    let now = Date.UTC(2025, 0, 10);
    const own = new LocalIndex({ store: createMemoryStore(), now: () => now });
    await own.indexDocument(page('https://a.example/old', 'buoy report'));
    now += 3 * day;
    await own.indexDocument(page('https://a.example/new', 'buoy report'));
    now += 3_600_000;
    const urls = async (tbs: string) => (await own.search('buoy', { limit: 5, tbs })).map((h) => h.url).sort();
    expect(await urls('qdr:d')).toEqual(['https://a.example/new']);
    expect(await urls('qdr:w')).toEqual(['https://a.example/new', 'https://a.example/old']);
    expect(await urls('cdr:1,cd_min:1/9/2025,cd_max:1/10/2025')).toEqual(['https://a.example/old']);
  });

  it('lang ranks pages in that language first without hiding the others', async () => {
    const own = new LocalIndex({ store: createMemoryStore() });
    await own.indexDocument(page('https://a.example/en', 'ferry timetable', { language: 'en' }));
    await own.indexDocument(page('https://a.example/de', 'ferry timetable', { language: 'de-DE' }));
    expect((await own.search('ferry', { limit: 5, lang: 'de' })).map((h) => h.url)).toEqual([
      'https://a.example/de',
      'https://a.example/en',
    ]);
    expect((await own.search('ferry', { limit: 5, lang: 'en' })).map((h) => h.url)).toEqual([
      'https://a.example/en',
      'https://a.example/de',
    ]);
  });
});

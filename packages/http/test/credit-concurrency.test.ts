/**
 * Many clients spend one team's credits at once, on each kind of store (and on two API nodes
 * sharing one Redis): the team is never charged more than its balance, and nothing is served
 * or recorded that was not paid for.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStore } from '@trawl/core';
import type { Store } from '@trawl/core/ports';
import { createLlmProvider } from '@trawl/llm';
import { startOpenAiStandIn } from '@trawl/llm/testing';
import { searxngProvider } from '@trawl/search';
import { fixtureHits, startSearxngStandIn } from '@trawl/search/testing';
import { createRedisStore, type RedisStore } from '@trawl/store-redis';
import { createSqliteStore } from '@trawl/store-sqlite';
import { startFixtureSite, startSyntheticSite, type FixtureSite, type SyntheticSite } from '@trawl/testkit';
import { quietLogger, startApi, type TestApi } from './helpers/api-server.js';
import { REDIS_URL, redisListens } from './helpers/redis.js';

const BALANCE = 5;

/** The stores API nodes share: one for memory and SQLite, two connections to one Redis. */
interface Deployment {
  stores: Store[];
  close(): Promise<void>;
}

type Deploy = () => Promise<Deployment>;

let fixture: FixtureSite;
let synthetic: SyntheticSite;
const dir = mkdtempSync(join(tmpdir(), 'trawl-credit-concurrency-'));

beforeAll(async () => {
  fixture = await startFixtureSite();
  synthetic = await startSyntheticSite({ pages: 60, minPageBytes: 2_000, maxPageBytes: 4_000, linksPerPage: 6 });
});
afterAll(async () => {
  await fixture?.close();
  await synthetic?.close();
  rmSync(dir, { recursive: true, force: true });
});

const memory: Deploy = async () => {
  const store = createMemoryStore();
  return { stores: [store], close: () => store.close() };
};

const sqlite: Deploy = async () => {
  const store = createSqliteStore({ path: join(dir, `${randomUUID()}.db`) });
  return { stores: [store], close: () => store.close() };
};

/** Two connections to one Redis, one per API node, as two servers would have. */
const redis: Deploy = async () => {
  const prefix = `trawl-test-credits-${randomUUID()}`;
  const stores: RedisStore[] = [createRedisStore({ url: REDIS_URL, prefix }), createRedisStore({ url: REDIS_URL, prefix })];
  return {
    stores,
    async close() {
      const keys = await stores[0]!.redis.keys(`${prefix}:*`);
      if (keys.length) await stores[0]!.redis.unlink(...keys);
      await Promise.all(stores.map((store) => store.close()));
    },
  };
};

/** Credits the team's usage history holds: what it was charged, whichever node charged it. */
async function chargedInHistory(store: Store, team: string): Promise<number> {
  return (await store.teams.listUsage(team)).reduce((sum, row) => sum + row.credits, 0);
}

/** An API node per store, serving `team` (key `key`). */
async function nodesOn(deployment: Deployment, team: string, worker = true): Promise<TestApi[]> {
  return Promise.all(deployment.stores.map((store) => startApi({ store, auth: { key: team }, logger: quietLogger, worker })));
}

/** A team with BALANCE credits (set once in the shared store, as an operator would). */
async function newTeam(deployment: Deployment): Promise<string> {
  const team = `team-${randomUUID()}`;
  await deployment.stores[0]!.teams.setCredits(team, BALANCE);
  return team;
}

async function closeNodes(nodes: TestApi[]): Promise<void> {
  await Promise.all(nodes.map((node) => node.close()));
}

const deployments: Array<[string, Deploy]> = [
  ['memory store', memory],
  ['SQLite store', sqlite],
];
if (await redisListens()) deployments.push(['Redis store, two API nodes', redis]);
else console.warn(`No Redis at ${REDIS_URL} (set REDIS_URL): the Redis credit concurrency tests are skipped.`);

describe.each(deployments)('credits spent at once on the %s', (_name, deploy) => {
  let deployment: Deployment;
  beforeEach(async () => {
    deployment = await deploy();
  });
  afterEach(() => deployment.close());

  it(`serves exactly ${BALANCE} of 50 parallel scrapes for a team with ${BALANCE} credits; the rest are 402`, async () => {
    const team = await newTeam(deployment);
    const nodes = await nodesOn(deployment, team);
    try {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          nodes[i % nodes.length]!.request('POST', '/v1/scrape', {
            token: 'key',
            body: { url: `${fixture.url}/articles/minimal?client=${i}` },
          }),
        ),
      );
      const served = answers.filter((answer) => answer.status === 200);
      const refused = answers.filter((answer) => answer.status === 402);
      expect(served).toHaveLength(BALANCE);
      expect(refused).toHaveLength(50 - BALANCE);
      expect(refused[0]!.body).toEqual({ error: 'Payment required to access this resource.' });
      // Every page served was paid for, and nothing more was taken; the history says the same.
      expect(await deployment.stores[0]!.teams.getCredits(team)).toBe(0);
      expect(await chargedInHistory(deployment.stores.at(-1)!, team)).toBe(BALANCE);
    } finally {
      await closeNodes(nodes);
    }
  });

  it(`records at most ${BALANCE} billable pages across crawls and batch scrapes started at once`, async () => {
    const team = await newTeam(deployment);
    // The jobs are all created before any worker runs, so each start sees the whole balance
    // (a start only checks it) and together they ask for far more pages than it pays for.
    const creators = await nodesOn(deployment, team, false);
    const node = (i: number) => creators[i % creators.length]!;
    const pages = (from: number) => [0, 1, 2].map((k) => `${synthetic.url}/?batch=${from + k}`);
    const starts = await Promise.all([
      ...[0, 1, 2].map((i) =>
        node(i).request('POST', '/v1/crawl', { token: 'key', body: { url: `${synthetic.url}/`, limit: 20, ignoreSitemap: true } }),
      ),
      ...[0, 1, 2, 3].map((i) => node(i).request('POST', '/v1/batch/scrape', { token: 'key', body: { urls: pages(i * 3) } })),
    ]);
    expect(starts.map((start) => start.status)).toEqual(Array(7).fill(200));
    const workers = await nodesOn(deployment, team);
    try {
      const paths = starts.map((start, i) => (i < 3 ? `/v1/crawl/${start.body.id}` : `/v1/batch/scrape/${start.body.id}`));
      const finished = await Promise.all(paths.map((path, i) => node(i).waitForJob(path, 'key')));

      expect(finished.map((job) => job.body.status)).toEqual(Array(7).fill('completed'));
      const recorded = finished.reduce((sum, job) => sum + job.body.completed, 0);
      const charged = finished.reduce((sum, job) => sum + job.body.creditsUsed, 0);
      expect(recorded).toBe(BALANCE);
      expect(charged).toBe(recorded);
      expect(await deployment.stores[0]!.teams.getCredits(team)).toBe(0);
      // A page's credits are recorded as its hold settles, just after the page itself.
      await expect.poll(() => chargedInHistory(deployment.stores[0]!, team)).toBe(BALANCE);

      // The pages nobody could pay for are there as errors that say so.
      const errors = await Promise.all(paths.map((path, i) => node(i).request('GET', `${path}/errors`, { token: 'key' })));
      const failed = errors.flatMap((answer) => answer.body.errors as Array<{ error: string }>);
      expect(failed.length).toBeGreaterThan(0);
      expect(failed.every((error) => /Insufficient credits/.test(error.error))).toBe(true);
    } finally {
      await closeNodes([...workers, ...creators]);
    }
  });
});

describe('requests whose size depends on the balance', () => {
  it('shrinks a search to the results the team can pay, and concurrent searches never overspend', async () => {
    const searxng = await startSearxngStandIn({ hits: fixtureHits(fixture.url) });
    const store = createMemoryStore();
    const api = await startApi({
      store,
      searchProvider: searxngProvider({ endpoint: searxng.origin }),
      auth: { k: 'searcher' },
      logger: quietLogger,
    });
    try {
      await store.teams.setCredits('searcher', 3);
      const shrunk = await api.request('POST', '/v1/search', { token: 'k', body: { query: 'x', limit: 5 } });
      expect(shrunk.status).toBe(200);
      expect(shrunk.body.data).toHaveLength(3);
      expect(await store.teams.getCredits('searcher')).toBe(0);

      await store.teams.setCredits('searcher', BALANCE);
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => api.request('POST', '/v1/search', { token: 'k', body: { query: 'x', limit: 2 } })),
      );
      const results = answers.filter((answer) => answer.status === 200).reduce((sum, answer) => sum + answer.body.data.length, 0);
      expect(answers.filter((answer) => answer.status === 402).length).toBeGreaterThan(0);
      expect(results).toBeLessThanOrEqual(BALANCE);
      expect(await store.teams.getCredits('searcher')).toBe(BALANCE - results);
      // The first search's 3 results and these: the history holds what was charged, refunds left out.
      expect(await chargedInHistory(store, 'searcher')).toBe(3 + results);
    } finally {
      await api.close();
      await searxng.close();
    }
  });

  it("reserves an llms.txt job's most for as long as it runs: maxUrls shrinks to it, and jobs started at once never overspend", async () => {
    const store = createMemoryStore();
    const api = await startApi({ store, auth: { k: 'writer' }, credits: { writer: 3 }, logger: quietLogger });
    try {
      const starts = await Promise.all(
        Array.from({ length: 4 }, () =>
          api.request('POST', '/v1/llmstxt', { token: 'k', body: { url: `${fixture.url}/crawl/`, maxUrls: 10 } }),
        ),
      );
      const started = starts.filter((start) => start.status === 200);
      expect(started.length).toBeGreaterThanOrEqual(1);
      expect(starts.filter((start) => start.status === 402).length).toBeGreaterThanOrEqual(1);
      await api.server.api.settled();
      const jobs = await Promise.all(started.map((start) => store.jobs.get(start.body.id)));
      // Three credits hold the call and two pages.
      expect(jobs.map((job) => (job!.options as { request: { maxUrls: number } }).request.maxUrls)).toEqual(started.map(() => 2));
      const charged = jobs.reduce((sum, job) => sum + job!.counters.creditsUsed, 0);
      expect(charged).toBeLessThanOrEqual(3);
      expect(await store.teams.getCredits('writer')).toBe(3 - charged);
      expect(await chargedInHistory(store, 'writer')).toBe(charged);
    } finally {
      await api.close();
    }
  });

  it("reserves an extract job's pages up front: limit shrinks to what the team can pay, a bad request is a 400 whatever the balance", async () => {
    const model = await startOpenAiStandIn();
    const store = createMemoryStore();
    const llm = createLlmProvider({ provider: 'openai-compatible', model: 'stand-in', baseUrl: model.url, maxRetries: 0 });
    const api = await startApi({ store, llm, auth: { k: 'extractor' }, credits: { extractor: 12 }, logger: quietLogger });
    try {
      const invalid = await api.request('POST', '/v1/extract', {
        token: 'k',
        body: { urls: [`${fixture.url}/blog/1`], prompt: 'x', limit: 1000 },
      });
      expect(invalid.status).toBe(400);
      const body = { urls: [`${fixture.url}/blog/1`, `${fixture.url}/blog/2`, `${fixture.url}/blog/3`], prompt: 'The title', limit: 10 };
      const starts = await Promise.all([0, 1].map(() => api.request('POST', '/v1/extract', { token: 'k', body })));
      // 12 credits pay two pages of 5, so each job that starts holds limit 2 (and a second one only once the first gave credits back).
      const started = starts.filter((start) => start.status === 200);
      expect(started.length).toBeGreaterThanOrEqual(1);
      await api.server.api.settled();
      const jobs = await Promise.all(started.map((start) => store.jobs.get(start.body.id)));
      expect(jobs.map((job) => (job!.options as { request: { limit: number } }).request.limit)).toEqual(started.map(() => 2));
      const charged = jobs.reduce((sum, job) => sum + job!.counters.creditsUsed, 0);
      expect(charged).toBeLessThanOrEqual(12);
      expect(await store.teams.getCredits('extractor')).toBe(12 - charged);
    } finally {
      await api.close();
      await model.close();
    }
  });
});

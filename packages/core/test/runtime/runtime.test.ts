import { phrases, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { Agent, type Dispatcher } from 'undici';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import {
  consoleLogger,
  crawl,
  createMemoryStore,
  createRuntime,
  DEFAULT_USER_AGENT,
  isTrawlError,
  map,
  scrape,
  type Runtime,
  type RuntimeWithStore,
} from '../../src/index.js';
import { hasStore, splitRuntime, withoutStore, withStore } from '../../src/runtime/runtime.js';
import { startWorker } from '../../src/crawl/worker.js';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(() => site.close());

/** A real undici Agent that notes the path and headers of each request sent through it. */
function countingDispatcher(): { dispatcher: Dispatcher; requests: string[]; agent: Agent } {
  const agent = new Agent();
  const requests: string[] = [];
  const dispatcher = agent.compose((dispatch) => (options, handler) => {
    requests.push(`${options.path} ${JSON.stringify(options.headers)}`);
    return dispatch(options, handler);
  });
  return { dispatcher, requests, agent };
}

describe('createRuntime()', () => {
  it('fills the defaults once: open policy, the default user agent, auto engine, console logger', () => {
    const runtime = createRuntime();
    expect(runtime.policy.blockPrivateNetworks).toBe(false);
    expect(runtime.userAgent).toBe(DEFAULT_USER_AGENT);
    expect(runtime.engine).toBe('auto');
    expect(runtime.logger).toBe(consoleLogger);
    expect(runtime.store).toBeUndefined();
    expect(createRuntime({ ssrf: true }).policy.blockPrivateNetworks).toBe(true);
  });

  it('derives a runtime with some parts replaced, which owns nothing', async () => {
    const store = createMemoryStore();
    const runtime = createRuntime({ store, userAgent: 'first/1' }, { owns: ['store'] });
    await store.teams.setCredits('team-a', 7);
    const derived = runtime.with({ userAgent: 'second/2' });
    expect(derived.userAgent).toBe('second/2');
    expect(derived.store).toBe(store);
    expect(runtime.userAgent).toBe('first/1');
    await derived.close();
    expect(await store.teams.getCredits('team-a')).toBe(7);
    await runtime.close();
    // The memory store forgets everything when closed: the owning runtime closed it.
    expect(await store.teams.getCredits('team-a')).toBeNull();
  });

  it('closes exactly what it owns', async () => {
    const owned = createMemoryStore();
    const lent = createMemoryStore();
    await Promise.all([owned.teams.setCredits('team-a', 3), lent.teams.setCredits('team-a', 5)]);
    await createRuntime({ store: owned }, { owns: ['store', 'browser'] }).close();
    await createRuntime({ store: lent }).close();
    expect(await owned.teams.getCredits('team-a')).toBeNull();
    expect(await lent.teams.getCredits('team-a')).toBe(5);
  });

  it('splits call options into the runtime and the request; inline settings win over a given runtime', () => {
    const base = createRuntime({ userAgent: 'base/1', ssrf: true });
    const { runtime, rest } = splitRuntime({ runtime: base, userAgent: 'inline/2', formats: ['markdown'], timeout: 5000 });
    expect(runtime.userAgent).toBe('inline/2');
    expect(runtime.policy.blockPrivateNetworks).toBe(true);
    expect(rest).toEqual({ formats: ['markdown'], timeout: 5000 });
    expect(splitRuntime({ runtime: base }).runtime).toBe(base);
  });
});

describe('one runtime through every function', () => {
  it('scrape() loads through the runtime: its policy refuses loopback, its dispatcher and user agent carry the request', async () => {
    const refused = await scrape(`${site.url}/articles/boilerplate`, { runtime: createRuntime({ ssrf: true }) }).catch((error) => error);
    expect(isTrawlError(refused) && refused.code).toBe('SCRAPE_BLOCKED_URL');

    const { dispatcher, requests, agent } = countingDispatcher();
    try {
      const runtime = createRuntime({ dispatcher, userAgent: 'RuntimeTest/1.0' });
      const doc = await scrape(`${site.url}/articles/boilerplate`, { runtime });
      expect(doc.markdown).toContain(phrases.articleLead);
      expect(requests).toHaveLength(1);
      expect(requests[0]).toMatch(/^\/articles\/boilerplate .*RuntimeTest\/1\.0/);
    } finally {
      await agent.close();
    }
  });

  it('scrape() remembers pages in the runtime store, and withoutStore() scrapes past the page memory', async () => {
    const store = createMemoryStore();
    const runtime = createRuntime({ store });
    const url = `${site.url}/articles/boilerplate`;
    const first = await scrape(url, { runtime, changeTracking: true });
    expect(first.changeTracking?.changeStatus).toBe('new');
    const second = await scrape(url, { runtime, changeTracking: true });
    expect(second.changeTracking?.changeStatus).toBe('same');
    const refused = await scrape(url, { runtime: withoutStore(runtime), changeTracking: true }).catch((error) => error);
    expect(isTrawlError(refused) && refused.code).toBe('INVALID_OPTIONS');
  });

  it('crawl() keeps its job in the runtime store and map() never does', async () => {
    const store = createMemoryStore();
    const runtime = createRuntime({ store });
    const job = crawl(`${site.url}/articles/boilerplate`, { runtime, limit: 1 });
    const summary = await job.done;
    expect(summary.status).toBe('completed');
    expect((await store.jobs.get(job.id))?.counters.completed).toBe(1);
    const { entries } = await store.results.read(job.id, { offset: 0, maxCount: 10, maxBytes: 10_000_000 });
    expect(entries[0]?.kind === 'document' && entries[0].document.markdown).toContain(phrases.articleLead);

    const jobsBefore = store.footprint().jobs;
    const links = await map(`${site.url}/articles/boilerplate`, { runtime, limit: 5 });
    expect(links.length).toBeGreaterThan(0);
    // The map's own crawl ran in a private store: the runtime's holds no job of it.
    expect(store.footprint().jobs).toBe(jobsBefore);
  });

  it('startWorker() refuses a runtime without a store, naming what it needs', () => {
    expect(() => startWorker({ runtime: createRuntime() })).toThrow(/needs a store/);
  });
});

describe('a runtime’s store in its type', () => {
  it('types a runtime made with a store, or given one, as having it, without casts', async () => {
    const store = createMemoryStore();
    const withOne = createRuntime({ store });
    const without = createRuntime({ userAgent: 'plain/1' });
    expectTypeOf(withOne).toEqualTypeOf<RuntimeWithStore>();
    expectTypeOf(without).toEqualTypeOf<Runtime>();
    expectTypeOf(without.with({ store })).toEqualTypeOf<RuntimeWithStore>();
    expect(withOne.store).toBe(store);
    expect([hasStore(withOne), hasStore(without), hasStore(without.with({ store }))]).toEqual([true, false, true]);
    const fallback = createMemoryStore();
    expect(withStore(withOne, () => fallback).store).toBe(store);
    expect(withStore(without, () => fallback).store).toBe(fallback);
    await Promise.all([store.close(), fallback.close()]);
  });
});

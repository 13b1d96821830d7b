import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '@trawl/core';
import { createStoreRegistry, isLoopbackHost, openAccessProblem, parseApiKeys, parseRateLimits, readServerSettings, storeScheme } from '@trawl/http';

describe('readServerSettings', () => {
  it('defaults to 127.0.0.1:3002, the default store, no keys, private networks blocked, a worker', () => {
    expect(readServerSettings({})).toEqual({
      port: 3002,
      host: '127.0.0.1',
      store: undefined,
      apiKeys: undefined,
      allowPrivateNetwork: false,
      worker: true,
      workerConcurrency: undefined,
      rateLimits: {},
      credits: {},
      webhookSecret: undefined,
      retentionMs: undefined,
    });
  });

  it('reads every setting from the environment', () => {
    const settings = readServerSettings({
      PORT: '8080',
      HOST: '0.0.0.0',
      TRAWL_STORE: 'sqlite:./x.db',
      TRAWL_API_KEYS: 'k1:team-a, k2:team-b',
      TRAWL_ALLOW_PRIVATE_NETWORK: 'true',
      TRAWL_WORKER: 'false',
      TRAWL_WORKER_CONCURRENCY: '4',
      TRAWL_RATE_LIMITS: 'scrape=100,crawl=15',
      TRAWL_CREDITS: 'team-a:1000,team-b:5',
      TRAWL_WEBHOOK_SECRET: 's3cret',
      TRAWL_RETENTION_HOURS: '2',
    });
    expect(settings).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      store: 'sqlite:./x.db',
      allowPrivateNetwork: true,
      worker: false,
      workerConcurrency: 4,
      rateLimits: { scrape: 100, crawl: 15 },
      credits: { 'team-a': 1000, 'team-b': 5 },
      webhookSecret: 's3cret',
      retentionMs: 7_200_000,
    });
    expect([...settings.apiKeys!]).toEqual([
      ['k1', 'team-a'],
      ['k2', 'team-b'],
    ]);
  });

  it('rejects malformed values with the name of the setting', () => {
    expect(() => readServerSettings({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => readServerSettings({ TRAWL_ALLOW_PRIVATE_NETWORK: 'maybe' })).toThrow(/TRAWL_ALLOW_PRIVATE_NETWORK/);
    expect(() => readServerSettings({ TRAWL_RATE_LIMITS: 'bogus=1' })).toThrow(/unknown class "bogus"/);
    expect(() => readServerSettings({ TRAWL_CREDITS: 'team-a' })).toThrow(/TRAWL_CREDITS/);
    expect(() => parseApiKeys('k1:a,k1:b')).toThrow(/same key twice/);
    expect(() => parseRateLimits('scrape=-1')).toThrow(/whole number/);
  });

  it('gives a key without a team a team of its own', () => {
    expect([...parseApiKeys('alpha,beta:shared')]).toEqual([
      ['alpha', 'team-1'],
      ['beta', 'shared'],
    ]);
  });
});

describe('open access', () => {
  it('runs without keys only on a loopback host', () => {
    for (const host of ['127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]']) {
      expect(isLoopbackHost(host)).toBe(true);
      expect(openAccessProblem(host, false)).toBeUndefined();
    }
    expect(openAccessProblem('0.0.0.0', false)).toMatch(/Refusing to serve the API on 0\.0\.0\.0 without API keys.*TRAWL_API_KEYS/);
    expect(openAccessProblem('10.0.0.5', false)).toBeDefined();
    expect(openAccessProblem('0.0.0.0', true)).toBeUndefined();
  });
});

describe('store registry', () => {
  it('splits settings into scheme and target', () => {
    expect(storeScheme('memory')).toEqual({ scheme: 'memory', target: '' });
    expect(storeScheme('sqlite:./.trawl/trawl.db')).toEqual({ scheme: 'sqlite', target: './.trawl/trawl.db' });
    expect(storeScheme('redis://localhost:6379/0')).toEqual({ scheme: 'redis', target: 'redis://localhost:6379/0' });
  });

  it('opens the memory store and registered drivers, and names the package a missing one needs', async () => {
    const registry = createStoreRegistry();
    const memory = await registry.open('memory');
    expect(await memory.jobs.get('nothing')).toBeNull();
    const custom = createMemoryStore();
    registry.register('custom', (target) => (target === 'x' ? custom : createMemoryStore()));
    expect(await registry.open('custom:x')).toBe(custom);
    await expect(createStoreRegistry().open('sqlite:./a.db')).rejects.toThrow(/needs the @trawl\/store-sqlite package/);
    await expect(registry.open('mongo://x')).rejects.toThrow(/unknown store "mongo"/);
  });

  it('names each known store once when a setting is misspelt, also with the adapters registered', async () => {
    const registry = createStoreRegistry();
    for (const scheme of ['sqlite', 'redis', 'rediss']) registry.register(scheme, () => createMemoryStore());
    await expect(registry.open('sqlit:./x.db')).rejects.toThrow('TRAWL_STORE=sqlit:./x.db: unknown store "sqlit" (known: memory, sqlite, redis, rediss).');
  });
});

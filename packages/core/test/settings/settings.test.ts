import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../src/index.js';
import { createStoreRegistry } from '../../src/stores/registry.js';
import {
  defaultText,
  parseStoreUrl,
  PROCESS_SETTINGS,
  readSetting,
  readSettings,
  SETTINGS,
  showSetting,
  type SettingName,
} from '../../src/settings/index.js';

describe('the settings table', () => {
  it('names every variable and flag once', () => {
    const envs = Object.values(SETTINGS).flatMap((s) => (s.env ? [s.env] : []));
    const flags = Object.values(SETTINGS).flatMap((s) => (s.flag ? [s.flag.match(/--[\w-]+/)![0]] : []));
    expect(new Set(envs).size).toBe(envs.length);
    expect(new Set(flags).size).toBe(flags.length);
  });

  it('names each flag after its setting, so commander hands values over under the setting name', () => {
    for (const [name, setting] of Object.entries(SETTINGS)) {
      if (!setting.flag || name === 'searchProvider') continue;
      const long = setting.flag.match(/--(?:no-)?([\w-]+)/)![1]!;
      expect(
        long.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()),
        name,
      ).toBe(name);
    }
  });

  it('gives every setting a default that its own type reads back', () => {
    for (const name of Object.keys(SETTINGS) as SettingName[]) {
      const setting = SETTINGS[name];
      if (setting.default === undefined || typeof setting.default === 'object') continue;
      const raw = String(setting.default);
      expect(setting.type.parse(raw, name), name).toEqual(setting.default);
    }
  });
});

describe('readSettings', () => {
  it('gives the defaults when nothing is set, blank variables included', () => {
    const settings = readSettings(PROCESS_SETTINGS, { PORT: ' ', TRAWL_STORE: '' });
    expect(settings).toMatchObject({
      port: 3002,
      host: '127.0.0.1',
      allowPrivateNetwork: false,
      worker: true,
      concurrency: 10,
      leaseMs: 120_000,
      retentionHours: 24,
      apiKeys: undefined,
      rateLimits: undefined,
      credits: undefined,
      webhookSecret: undefined,
      browserIsolation: 'reset',
    });
    expect(settings.store.setting).toBe('sqlite:./.trawl/trawl.db');
  });

  it('reads the environment, and a flag wins over it', () => {
    const env = {
      PORT: '8080',
      HOST: '0.0.0.0',
      TRAWL_STORE: 'redis://u:pw@10.0.0.2:6379/1?prefix=blue',
      TRAWL_API_KEYS: 'k1:team-a, k2:team-b',
      TRAWL_ALLOW_PRIVATE_NETWORK: 'yes',
      TRAWL_WORKER: 'off',
      TRAWL_WORKER_CONCURRENCY: '4',
      TRAWL_RATE_LIMITS: 'scrape=100,crawl=15',
      TRAWL_CREDITS: 'team-a:1000,team-b:5',
      TRAWL_WEBHOOK_SECRET: 's3cret',
      TRAWL_RETENTION_HOURS: '1.5',
    };
    const settings = readSettings(PROCESS_SETTINGS, env, { port: 9090, allowPrivateNetwork: false });
    expect(settings).toMatchObject({
      port: 9090,
      host: '0.0.0.0',
      allowPrivateNetwork: false,
      worker: false,
      concurrency: 4,
      rateLimits: { scrape: 100, crawl: 15 },
      credits: { 'team-a': 1000, 'team-b': 5 },
      webhookSecret: 's3cret',
      retentionHours: 1.5,
    });
    expect(settings.store).toEqual({ scheme: 'redis', target: 'redis://u:pw@10.0.0.2:6379/1', prefix: 'blue', setting: env.TRAWL_STORE });
    expect([...settings.apiKeys!]).toEqual([
      ['k1', 'team-a'],
      ['k2', 'team-b'],
    ]);
    // Printed without secrets.
    expect(showSetting('store', settings.store)).toBe('redis://u:***@10.0.0.2:6379/1?prefix=blue');
    expect(showSetting('webhookSecret', settings.webhookSecret)).toBe('***');
    expect(defaultText('convertThreads')).toBe("the machine's cores");
  });

  it.each([
    ['PORT', 'abc', 'PORT must be a port number from 0 to 65535, not "abc"'],
    ['TRAWL_ALLOW_PRIVATE_NETWORK', 'maybe', 'TRAWL_ALLOW_PRIVATE_NETWORK must be true or false, not "maybe"'],
    ['TRAWL_WORKER_CONCURRENCY', '1.5', 'TRAWL_WORKER_CONCURRENCY must be a whole number of at least 1, not "1.5"'],
    ['TRAWL_RETENTION_HOURS', '0', 'TRAWL_RETENTION_HOURS must be a number above 0, not "0"'],
    ['TRAWL_RATE_LIMITS', 'bogus=1', 'TRAWL_RATE_LIMITS: unknown class "bogus"'],
    ['TRAWL_RATE_LIMITS', 'scrape=-1', 'TRAWL_RATE_LIMITS: "scrape=-1" needs a whole number of requests per minute'],
    ['TRAWL_CREDITS', 'team-a', 'TRAWL_CREDITS: "team-a" should read team:credits'],
    ['TRAWL_API_KEYS', 'k1:a,k1:b', 'TRAWL_API_KEYS lists the same key twice (entry 2)'],
    ['TRAWL_STORE', 'mongo://x', 'TRAWL_STORE must be memory | sqlite:<path>'],
    ['TRAWL_STORE', 'sqlite:', 'TRAWL_STORE: The store "sqlite:" names no file'],
    ['TRAWL_BROWSER_ISOLATION', 'none', 'TRAWL_BROWSER_ISOLATION must be reset or context, not "none"'],
    ['SEARXNG_ENDPOINT', 'searx.local', 'SEARXNG_ENDPOINT must be an http:// or https:// URL, not "searx.local"'],
  ])('refuses %s=%s with a message naming it', (variable, value, message) => {
    expect(() => readSettings(PROCESS_SETTINGS, { [variable]: value })).toThrow(message);
  });

  it('gives a key without a team a team of its own', () => {
    expect([...readSetting('apiKeys', { TRAWL_API_KEYS: 'alpha,beta:shared' })!]).toEqual([
      ['alpha', 'team-1'],
      ['beta', 'shared'],
    ]);
  });
});

describe('store URLs', () => {
  it('split into scheme and target, one parser for every process and the registry', () => {
    expect(parseStoreUrl('memory')).toEqual({ scheme: 'memory', target: '', setting: 'memory' });
    expect(parseStoreUrl('sqlite:./.trawl/trawl.db')).toMatchObject({ scheme: 'sqlite', target: './.trawl/trawl.db' });
    expect(parseStoreUrl('sqlite://./x.db')).toMatchObject({ scheme: 'sqlite', target: './x.db' });
    expect(parseStoreUrl('sqlite:/var/lib/x.db')).toMatchObject({ scheme: 'sqlite', target: '/var/lib/x.db' });
    expect(parseStoreUrl('redis://localhost:6379/0')).toMatchObject({ scheme: 'redis', target: 'redis://localhost:6379/0' });
    expect(parseStoreUrl('custom:x')).toMatchObject({ scheme: 'custom', target: 'x' });
  });

  it('open through the registry: the memory store, registered drivers, and a message naming the package a missing one needs', async () => {
    const registry = createStoreRegistry();
    const memory = await registry.open('memory');
    expect(await memory.jobs.get('nothing')).toBeNull();
    const custom = createMemoryStore();
    registry.register('custom', ({ target }) => (target === 'x' ? custom : createMemoryStore()));
    expect(await registry.open('custom:x')).toBe(custom);
    await expect(createStoreRegistry().open('sqlite:./a.db')).rejects.toThrow(/needs the @trawl\/store-sqlite package/);
    await expect(registry.open('mongo://x')).rejects.toThrow(/unknown store "mongo"/);
  });

  it('name each known store once when a setting is misspelt, also with the adapters registered', async () => {
    const registry = createStoreRegistry();
    for (const scheme of ['sqlite', 'redis', 'rediss']) registry.register(scheme, () => createMemoryStore());
    await expect(registry.open('sqlit:./x.db')).rejects.toThrow(
      'TRAWL_STORE=sqlit:./x.db: unknown store "sqlit" (known: memory, sqlite, redis, rediss).',
    );
  });
});

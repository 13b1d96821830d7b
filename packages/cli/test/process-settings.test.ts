import { PROCESS_SETTINGS, SETTINGS, type Env, type SettingName } from '@trawl/core/settings';
import { describe, expect, it } from 'vitest';
import { SERVE_FLAGS } from '../src/commands/serve.js';
import { WORKER_FLAGS } from '../src/commands/worker.js';
import { runInProcess } from './run-cli.js';

/**
 * A well-formed and a malformed value of every setting `trawl serve` and `trawl worker` read
 * (null: any text is well formed), with what else the well-formed one needs beside it. A setting
 * added to the table without a row here fails the first test.
 */
const EXAMPLES: Record<string, { valid: string; malformed: string | null; with?: Env }> = {
  store: { valid: 'redis://user:pw@127.0.0.1:6390/2?prefix=walk', malformed: 'mongo://db' },
  allowPrivateNetwork: { valid: 'yes', malformed: 'maybe' },
  userAgent: { valid: 'WalkBot/1.0', malformed: null },
  concurrency: { valid: '3', malformed: '0' },
  workerPagesPerTeam: { valid: '2', malformed: '0' },
  leaseMs: { valid: '30000', malformed: 'soon' },
  retentionHours: { valid: '0.5', malformed: '-2' },
  pageMemoryPages: { valid: '500', malformed: 'many' },
  pageMemoryMaxBytes: { valid: '1048576', malformed: '0' },
  webhookSecret: { valid: 'whsec-walk', malformed: null },
  convertThreads: { valid: '1', malformed: '1.5' },
  convertTimeoutMs: { valid: '2000', malformed: '2s' },
  convertMemoryMb: { valid: '256', malformed: 'lots' },
  convertThreadsPerTeam: { valid: '1', malformed: 'half' },
  port: { valid: '8081', malformed: '70000' },
  // Keys, so that serve's rule about listening beyond loopback does not refuse an odd host.
  host: { valid: '127.0.0.2', malformed: null, with: { TRAWL_API_KEYS: 'k:team' } },
  worker: { valid: 'off', malformed: 'sometimes' },
  console: { valid: 'off', malformed: 'sometimes' },
  parseMaxMb: { valid: '10', malformed: '0' },
  streamsPerTeam: { valid: '5', malformed: 'none' },
  interactKeepSeconds: { valid: '60', malformed: '-1' },
  browserSessionsPerTeam: { valid: '3', malformed: '0' },
  browserCode: { valid: 'true', malformed: 'maybe' },
  streamOpensPerMinute: { valid: '30', malformed: '-1' },
  streamCacheMb: { valid: '0', malformed: '1.5' },
  streamCacheMbPerTeam: { valid: '16', malformed: 'lots' },
  apiKeys: { valid: 'k1:team-a,k2', malformed: 'k1:a,k1:b' },
  rateLimits: { valid: 'scrape=10,crawl=2', malformed: 'scrape=many' },
  credits: { valid: 'team-a:100', malformed: 'team-a' },
  browser: { valid: 'false', malformed: 'auto' },
  chromiumPath: { valid: '/usr/bin/chromium', malformed: null },
  browserPages: { valid: '2', malformed: '0' },
  browserPagesPerTeam: { valid: '1', malformed: '-1' },
  browserIsolation: { valid: 'context', malformed: 'none' },
  proxyBasic: { valid: 'http://u:p@127.0.0.1:3128', malformed: '127.0.0.1:3128' },
  proxyStealth: { valid: 'http://127.0.0.1:3129', malformed: 'socks' },
  ollamaBaseUrl: { valid: 'http://127.0.0.1:11434', malformed: 'localhost:11434', with: { MODEL_NAME: 'llama3.1' } },
  openaiBaseUrl: { valid: 'http://127.0.0.1:8000/v1', malformed: 'gpu:8000' },
  openaiApiKey: { valid: 'sk-walk', malformed: null },
  anthropicApiKey: { valid: 'ak-walk', malformed: null },
  anthropicBaseUrl: { valid: 'http://127.0.0.1:8001', malformed: 'ftp://x', with: { ANTHROPIC_API_KEY: 'ak' } },
  llmModel: { valid: 'qwen2.5', malformed: null },
  llmContextTokens: { valid: '32768', malformed: '512' },
  llmStructuredOutput: { valid: 'tool', malformed: 'xml' },
  searchProvider: { valid: 'local', malformed: 'google' },
  searxngEndpoint: { valid: 'http://127.0.0.1:8888', malformed: 'searx' },
  searxngEngines: { valid: 'google,bing', malformed: null },
  searxngCategories: { valid: 'general', malformed: null },
  braveApiKey: { valid: 'bk', malformed: null },
  braveApiUrl: { valid: 'http://127.0.0.1:8002', malformed: '/search' },
  serperApiKey: { valid: 'sk', malformed: null },
  serperApiUrl: { valid: 'http://127.0.0.1:8003', malformed: 'serper' },
  duckduckgoHtmlUrl: { valid: 'http://127.0.0.1:8004/html', malformed: 'duck' },
};

/** `trawl <command> --check` in this process, with exactly `env` as its environment. */
const check = (command: 'serve' | 'worker', env: Env, args: string[] = []) => runInProcess([command, '--check', ...args], env);

const variable = (name: SettingName) => SETTINGS[name].env!;
const longFlag = (name: SettingName) => SETTINGS[name].flag!.match(/--[\w-]+/)![0];

describe('trawl serve and trawl worker read the same settings', { timeout: 120_000 }, () => {
  it("walk every setting of the table but the page commands' flags", () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual([...PROCESS_SETTINGS].sort());
    expect(PROCESS_SETTINGS.every((name) => SETTINGS[name].env)).toBe(true);
  });

  it.each(PROCESS_SETTINGS)('%s: both accept a well-formed value from the environment and print it', async (name) => {
    const { valid, with: companions = {} } = EXAMPLES[name]!;
    const env = { ...companions, [variable(name)]: valid };
    const [serve, worker] = await Promise.all([check('serve', env), check('worker', env)]);
    expect([serve.code, worker.code], serve.stderr + worker.stderr).toEqual([0, 0]);
    for (const result of [serve, worker]) {
      const line = result.stdout.split('\n').find((l) => l.startsWith(`${variable(name)} `));
      expect(line).toMatch(/\(environment\)$/);
      if (SETTINGS[name].secret) expect(line).not.toContain(valid.length > 3 ? valid : '\u0000');
    }
  });

  it.each(PROCESS_SETTINGS.filter((name) => EXAMPLES[name]!.malformed !== null))(
    '%s: both refuse a malformed value with the same message naming it',
    async (name) => {
      const env = { [variable(name)]: EXAMPLES[name]!.malformed! };
      const [serve, worker] = await Promise.all([check('serve', env), check('worker', env)]);
      expect([serve.code, worker.code]).toEqual([1, 1]);
      expect(serve.stderr).toContain(variable(name));
      expect(worker.stderr).toBe(serve.stderr);
    },
  );

  it.each(PROCESS_SETTINGS.filter((name) => EXAMPLES[name]!.malformed === null))('%s: both take any text', async (name) => {
    const env = { ...EXAMPLES[name]!.with, [variable(name)]: ' odd value, with commas: and colons ' };
    const [serve, worker] = await Promise.all([check('serve', env), check('worker', env)]);
    expect([serve.code, worker.code]).toEqual([0, 0]);
  });

  it('take the same flags, with the same parser, over the environment', async () => {
    const shared = WORKER_FLAGS.filter((name) => SERVE_FLAGS.includes(name));
    expect(shared).toEqual(WORKER_FLAGS);
    for (const name of shared) {
      const { valid, malformed } = EXAMPLES[name]!;
      const value = SETTINGS[name].flag!.includes('<') ? [valid] : [];
      const env = { [variable(name)]: EXAMPLES[name]!.valid };
      const accepted = await Promise.all([
        check('serve', env, [longFlag(name), ...value]),
        check('worker', env, [longFlag(name), ...value]),
      ]);
      expect(
        accepted.map((r) => r.code),
        name,
      ).toEqual([0, 0]);
      for (const result of accepted) expect(result.stdout).toMatch(new RegExp(`^${variable(name)} .*\\(flag ${longFlag(name)}\\)$`, 'm'));
      if (malformed === null || !value.length) continue;
      const refused = await Promise.all([
        check('serve', {}, [longFlag(name), malformed]),
        check('worker', {}, [longFlag(name), malformed]),
      ]);
      expect(
        refused.map((r) => r.code),
        name,
      ).toEqual([2, 2]);
      expect(refused[0]!.stderr).toContain(`${longFlag(name)} must be`);
      expect(refused[1]!.stderr).toBe(refused[0]!.stderr);
    }
  });

  it('say browser off, with the reason, for a TRAWL_CHROMIUM_PATH that names no executable; and how to search offline', async () => {
    const env = { TRAWL_CHROMIUM_PATH: '/nowhere/chromium' };
    const [serve, worker] = await Promise.all([check('serve', env), check('worker', env)]);
    for (const result of [serve, worker]) {
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('browser: off (TRAWL_CHROMIUM_PATH is /nowhere/chromium, which is not an executable file)');
      // DuckDuckGo, chosen when nothing is configured, needs the network; the local index does not.
      expect(result.stdout).toMatch(/search: duckduckgo \(needs internet access; offline: TRAWL_SEARCH_PROVIDER=local/);
    }
    const real = await check('serve', { TRAWL_CHROMIUM_PATH: '/usr/bin/chromium', TRAWL_SEARCH_PROVIDER: 'local' });
    expect(real.stdout).toMatch(/^browser: on; llm: none; search: local$/m);
  });

  it('leave to serve alone the flags of listening, of uploads, of the embedded worker and of the console', async () => {
    const serveOnly = SERVE_FLAGS.filter((name) => !WORKER_FLAGS.includes(name));
    expect(serveOnly.sort()).toEqual(['console', 'host', 'parseMaxMb', 'port', 'worker']);
    for (const name of serveOnly) {
      const args = SETTINGS[name].flag!.includes('<') ? [longFlag(name), EXAMPLES[name]!.valid] : [longFlag(name)];
      expect((await check('serve', {}, args)).code).toBe(0);
      const worker = await check('worker', {}, args);
      expect(worker.code).toBe(2);
      expect(worker.stderr).toContain(`unknown option '${longFlag(name)}'`);
    }
  });

  it('refuse the same combination an adapter cannot start with', async () => {
    const env = { OLLAMA_BASE_URL: 'http://127.0.0.1:11434' };
    const [serve, worker] = await Promise.all([check('serve', env), check('worker', env)]);
    expect([serve.code, worker.code]).toEqual([1, 1]);
    expect(serve.stderr).toMatch(/OLLAMA_BASE_URL is set but MODEL_NAME is not/);
    expect(worker.stderr).toBe(serve.stderr);
  });

  it("differ in one rule only, which is not a setting's: serve will not listen beyond loopback without keys", async () => {
    const env = { HOST: '0.0.0.0' };
    const [serve, worker] = await Promise.all([check('serve', env), check('worker', env)]);
    expect(serve.code).toBe(1);
    expect(serve.stderr).toMatch(/Refusing to serve the API on 0\.0\.0\.0 without API keys/);
    expect(worker.code).toBe(0);
    expect((await check('serve', { ...env, TRAWL_API_KEYS: 'k:team' })).code).toBe(0);
  });
});

import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { startOpenAiStandIn, type OpenAiStandIn } from '@trawl/llm/testing';
import { startShopSite, type ShopSite } from './support/shop-site.js';

const BIN = fileURLToPath(new URL('../../cli/src/bin.ts', import.meta.url));
const LLM_SETTINGS = [
  'OPENAI_API_KEY',
  'OPENAI_BASE_URL',
  'OLLAMA_BASE_URL',
  'ANTHROPIC_API_KEY',
  'MODEL_NAME',
  'TRAWL_LLM_CONTEXT_TOKENS',
  'TRAWL_LLM_STRUCTURED_OUTPUT',
];

/** Runs the real `trawl` binary, as a user would, with only the LLM settings given. */
function trawl(args: string[], llmEnv: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !LLM_SETTINGS.includes(key)));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--conditions=trawl-source', '--import', 'tsx', BIN, ...args], {
      env: { ...env, ...llmEnv, TRAWL_BROWSER: 'off' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 110_000);
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

let site: FixtureSite;
let shop: ShopSite;
let standIn: OpenAiStandIn;
let llmEnv: Record<string, string>;

beforeAll(async () => {
  [site, shop, standIn] = await Promise.all([startFixtureSite(), startShopSite(), startOpenAiStandIn()]);
  llmEnv = { OPENAI_BASE_URL: standIn.url, MODEL_NAME: 'stand-in', OPENAI_API_KEY: 'sk-cli' };
});
afterAll(() => Promise.all([site.close(), shop.close(), standIn.close()]));

// Each run starts the whole CLI in a fresh process (several seconds on a busy machine).
describe('trawl extract', { timeout: 120_000 }, () => {
  it('prints the extracted JSON, with sources when asked', async () => {
    const schema = JSON.stringify({ type: 'object', properties: { name: { type: 'string' }, price: { type: 'number' } } });
    const result = await trawl(['extract', `${shop.url}/lantern`, '--prompt', 'The price', '--schema', schema, '--show-sources'], llmEnv);
    expect(result.stderr).toContain('read 1 page(s)');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      data: { name: 'Brass ship lantern', price: 19.99 },
      sources: { name: [`${shop.url}/lantern`], price: [`${shop.url}/lantern`] },
    });
    expect(standIn.requests.at(-1)!.headers.authorization).toBe('Bearer sk-cli');
  });

  it('fails with the settings to set when no LLM is configured', async () => {
    const result = await trawl(['extract', `${shop.url}/lantern`, '--prompt', 'The price']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/error \[SCRAPE_ADAPTER_MISSING\]: Extract needs an LLM provider.*OPENAI_BASE_URL with MODEL_NAME/);
    expect(result.stdout).toBe('');
  });
});

describe('trawl llmstxt', { timeout: 120_000 }, () => {
  it('prints llms.txt from page metadata without an LLM, with a warning', async () => {
    const result = await trawl(['llmstxt', site.url, '--max-urls', '3']);
    expect(result.code).toBe(0);
    expect(
      result.stdout.startsWith(
        `# ${site.url} llms.txt\n\n- [Trawl fixture site](${site.url}/): The local fixture web site for Trawl tests.\n`,
      ),
    ).toBe(true);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(5);
    expect(result.stderr).toMatch(/warning: No LLM provider is configured/);
  });

  it('writes llms.txt and llms-full.txt with an LLM', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'trawl-llmstxt-'));
    try {
      const before = standIn.requests.length;
      const result = await trawl(['llmstxt', site.url, '-n', '2', '--full', '--out', dir], llmEnv);
      expect(result.code).toBe(0);
      expect(result.stderr).not.toContain('warning');
      expect(standIn.requests.length - before).toBe(2);
      const text = await readFile(join(dir, 'llms.txt'), 'utf8');
      expect(text.trimEnd().split('\n')).toHaveLength(4);
      expect(text).toContain(`- [Trawl fixture site](${site.url}/): A local site for testing Trawl.`);
      expect(await readFile(join(dir, 'llms-full.txt'), 'utf8')).toContain('## Trawl fixture site\n');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

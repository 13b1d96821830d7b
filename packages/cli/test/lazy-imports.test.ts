import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { phrases, startFixtureSite, trawlBin, type FixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// What a command loads is what it costs to start: the compiled binary runs with a module hook
// that writes down every module it loads, and each command must leave alone what it never uses.

let site: FixtureSite;
let dir: string;
let hook: string;

beforeAll(async () => {
  site = await startFixtureSite();
  dir = await mkdtemp(join(tmpdir(), 'trawl-imports-'));
  const hooks = join(dir, 'hooks.mjs');
  await writeFile(
    hooks,
    `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  appendFileSync(process.env.TRAWL_LOADED_LOG, url + '\\n');
  return next(url, context);
}
`,
  );
  hook = join(dir, 'register.mjs');
  await writeFile(hook, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);
});
afterAll(async () => {
  await site?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Runs the binary and returns its stdout and the modules it loaded. */
async function loadedBy(args: string[]): Promise<{ stdout: string; modules: string[] }> {
  const log = join(dir, `loaded-${Math.random().toString(36).slice(2)}.txt`);
  await writeFile(log, '');
  const child = spawn(process.execPath, ['--import', hook, trawlBin(), ...args], {
    env: { ...process.env, TRAWL_LOADED_LOG: log },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  expect(code, stderr).toBe(0);
  return { stdout, modules: (await readFile(log, 'utf8')).split('\n').filter(Boolean) };
}

const ADAPTERS = [
  '/playwright-core/',
  '/better-sqlite3/',
  '/ioredis/',
  '/bullmq/',
  '/node_modules/ai/',
  '/@ai-sdk/',
  '/packages/store-sqlite/',
  '/packages/store-redis/',
  '/packages/llm/',
  '/packages/mcp/',
  '/@modelcontextprotocol/',
];
const loadsAny = (modules: string[], parts: string[]) => modules.filter((url) => parts.some((part) => url.includes(part)));

describe('what the trawl binary loads', () => {
  it('runs --help on commander, its command definitions and the settings table: no engine, no adapter', async () => {
    const { stdout, modules } = await loadedBy(['--help']);
    expect(stdout).toMatch(/Usage: trawl/);
    expect(modules.some((url) => url.includes('/packages/cli/dist/'))).toBe(true);
    // Of core, the table the flags are built from and the error class its parsers throw.
    const core = loadsAny(modules, ['/packages/core/']);
    expect(core.some((url) => url.includes('/packages/core/dist/settings/'))).toBe(true);
    expect(core.filter((url) => !/\/packages\/core\/dist\/(settings\/|errors\.js|error-codes\.js)/.test(url))).toEqual([]);
    expect(
      loadsAny(modules, [
        '/packages/http/',
        '/packages/search/',
        '/packages/browser-playwright/',
        '/linkedom/',
        '/zod/',
        '/undici/',
        ...ADAPTERS,
      ]),
    ).toEqual([]);
  });

  it('scrapes a page over HTTP without loading the browser, a model, the API or a store adapter', async () => {
    const { stdout, modules } = await loadedBy(['scrape', `${site.url}/articles/boilerplate`]);
    expect(stdout).toContain(phrases.articleLead);
    expect(loadsAny(modules, ['/packages/http/', '/packages/search/', ...ADAPTERS])).toEqual([]);
    // The engine comes in one bundle (scripts/build-cli.mjs), not as core's ~850 modules one by one:
    // of core's own files, only what --help loads too (nothing else pulls in core's main entry).
    expect(modules.some((url) => url.endsWith('/packages/cli/dist/actions/scrape.js'))).toBe(true);
    const core = loadsAny(modules, ['/packages/core/', '/node_modules/.pnpm/zod@', '/node_modules/.pnpm/linkedom@']);
    expect(core.filter((url) => !/\/packages\/core\/dist\/(settings\/|errors\.js|error-codes\.js)/.test(url))).toEqual([]);
  });
});

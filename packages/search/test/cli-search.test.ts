import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeDispatchers, scrape } from '@trawl/core';
import { createSqliteStore } from '@trawl/store-sqlite';
import { phrases, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { runInProcess } from '../../cli/test/run-cli.js';
import { LocalIndex } from '../src/index.js';
import { fixtureHits, startBraveStandIn, type StandIn } from '../src/testing/index.js';

const SEARCH_SETTINGS = /^(TRAWL_SEARCH_PROVIDER|SEARXNG_|BRAVE_|SERPER_|DUCKDUCKGO_)/;

/** Runs the `trawl` program in this process with only the given search settings in the environment. */
async function trawl(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  for (const key of Object.keys(process.env)) if (SEARCH_SETTINGS.test(key)) vi.stubEnv(key, undefined);
  vi.stubEnv('TRAWL_BROWSER', 'off');
  for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
  return runInProcess(args);
}

afterEach(() => {
  vi.unstubAllEnvs();
});

let site: FixtureSite;
let brave: StandIn;
let dir: string;

beforeAll(async () => {
  site = await startFixtureSite();
  brave = await startBraveStandIn({ hits: fixtureHits(site.url) });
  dir = await mkdtemp(join(tmpdir(), 'trawl-cli-search-'));
});
afterAll(async () => {
  await Promise.all([site.close(), brave.close()]);
  await rm(dir, { recursive: true, force: true });
  await closeDispatchers();
});

describe('trawl search', () => {
  it('prints numbered hits from the configured provider', async () => {
    const result = await trawl(['search', 'harbour pilots', '--limit', '2'], brave.env);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`1. Harbour pilots guide ships home\n   ${site.url}/articles/boilerplate`);
    expect(result.stdout).toContain(`2. Minimal page\n   ${site.url}/articles/minimal`);
    expect(result.stdout).not.toContain('3. ');
    expect(Object.fromEntries(brave.requests.at(-1)!.url.searchParams)).toMatchObject({ q: 'harbour pilots', count: '2' });
  });

  it('--scrape prints each page as Markdown; --json prints the /v1/search reply', async () => {
    const scraped = await trawl(['search', 'harbour', '--limit', '1', '--scrape'], brave.env);
    expect(scraped.code).toBe(0);
    expect(scraped.stdout).toContain(phrases.articleLead);
    const json = await trawl(
      ['search', 'harbour', '--limit', '10', '--json', '--provider', 'brave', '--lang', 'de', '--country', 'at', '--tbs', 'qdr:m'],
      brave.env,
    );
    const reply = JSON.parse(json.stdout);
    expect(reply.success).toBe(true);
    expect(reply.data).toHaveLength(6);
    expect(reply.warning).toMatch(/Only 6 of the 10/);
    expect(Object.fromEntries(brave.requests.at(-1)!.url.searchParams)).toMatchObject({
      search_lang: 'de',
      country: 'AT',
      freshness: 'pm',
    });
  });

  it('--provider local searches the corpus kept in the store', async () => {
    const storeUrl = `sqlite:${join(dir, 'trawl.db')}`;
    const store = createSqliteStore({ path: join(dir, 'trawl.db') });
    const index = new LocalIndex({ store });
    for (const path of ['/articles/boilerplate', '/articles/minimal', '/blog/2'])
      await index.indexDocument(await scrape(`${site.url}${path}`));
    await store.close();
    site.resetRequests();
    const result = await trawl(['search', 'harbour pilots', '--provider', 'local', '--store', storeUrl, '--scrape']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^1\\. ${phrases.articleTitle}`));
    expect(result.stdout).toContain(phrases.articleLead);
    // The stored copy answered: nothing was fetched.
    expect(site.requests).toHaveLength(0);
  });

  it('fails with a usable message when a provider is misconfigured', async () => {
    const result = await trawl(['search', 'q', '--provider', 'serper']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/error \[INVALID_OPTIONS\]: The serper search provider needs SERPER_API_KEY/);
  });
});

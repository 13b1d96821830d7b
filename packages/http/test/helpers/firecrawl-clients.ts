import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TrawlApiOptions } from '@trawl/http';
import { searxngProvider } from '@trawl/search';
import { fixtureHits, startSearxngStandIn, type StandIn, type StandInHit } from '@trawl/search/testing';
import { startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll } from 'vitest';
import { startApi, type TestApi } from './api-server.js';

/** Firecrawl's own clients as published on npm (devDependencies of this package), run as a user runs them. */
export const FIRECRAWL_MCP_BIN = fileURLToPath(new URL('../../node_modules/firecrawl-mcp/dist/index.js', import.meta.url));
export const FIRECRAWL_CLI_BIN = fileURLToPath(new URL('../../node_modules/firecrawl-cli/dist/index.js', import.meta.url));

/**
 * A child's whole environment: nothing of the caller's Firecrawl settings leaks in, HOME is a
 * scratch folder (the CLI keeps credentials and an update-check cache there), and neither client
 * calls home (update checks, telemetry).
 */
export function clientEnv(home: string, env: Record<string, string>): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: home,
    NO_COLOR: '1',
    FIRECRAWL_NO_UPDATE_CHECK: '1',
    FIRECRAWL_NO_TELEMETRY: '1',
    ...env,
  };
}

/** The stand-in's hits whose title or description hold every plain word of the query (operators such as `site:` left out). */
export function matchingHits(hits: StandInHit[], query: string): StandInHit[] {
  const words = query.split(' ').filter((word) => !word.includes(':') && !word.startsWith('(') && !word.startsWith('-') && word !== 'OR');
  return hits.filter((hit) => words.every((word) => `${hit.title} ${hit.description}`.toLowerCase().includes(word.toLowerCase())));
}

export interface ClientRig {
  site: FixtureSite;
  /** The SearXNG stand-in behind the API's search, answering with the fixture site's pages. */
  searxng: StandIn;
  api: TestApi;
  /** A scratch HOME and working folder for the client processes. */
  home: string;
}

/** The fixture site, a search stand-in and the API, started before a file's tests and stopped after them. */
export function clientRig(apiOptions: TrawlApiOptions = {}): ClientRig {
  const rig = {} as ClientRig;
  beforeAll(async () => {
    rig.home = await mkdtemp(join(tmpdir(), 'trawl-client-'));
    rig.site = await startFixtureSite();
    rig.searxng = await startSearxngStandIn({ hits: (query) => matchingHits(fixtureHits(rig.site.url), query) });
    rig.api = await startApi({ ...apiOptions, searchProvider: searxngProvider({ endpoint: rig.searxng.origin }) });
  });
  afterAll(async () => {
    await rig.api?.close();
    await rig.searxng?.close();
    await rig.site?.close();
    if (rig.home) await rm(rig.home, { recursive: true, force: true });
  });
  return rig;
}

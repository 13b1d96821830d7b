import { fileURLToPath } from 'node:url';
import type { StandInHit } from '@trawl/search/testing';

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

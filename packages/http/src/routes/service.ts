import { createRequire } from 'node:module';
import type { RouteHandler } from './types.js';

// src/routes and dist/routes sit at the same depth below the package's package.json.
const { version } = createRequire(import.meta.url)('../../package.json') as { version: string };

/** How long the store may take to answer a readiness probe before the node counts as not ready. */
const READINESS_TIMEOUT_MS = 2_000;

/** `GET /`: what this server is and where to go next, links relative to where the API is mounted. */
export const serviceDescription: RouteHandler = async ({ location }) => {
  const base = `${location.origin}${location.mountPrefix}`;
  return {
    body: {
      name: 'Trawl',
      description: 'A Firecrawl-compatible web scraping API: scrape, crawl, map, search, extract, llms.txt.',
      version,
      api: { v2: `${base}/v2`, v1: `${base}/v1`, v0: `${base}/v0` },
      health: { liveness: `${base}/healthz`, readiness: `${base}/readyz` },
      docs: {
        api: 'docs/api.md (every endpoint with a curl example)',
        selfHosting: 'docs/self-hosting.md (settings, health checks)',
      },
    },
  };
};

/** `GET /healthz`: the process answers requests. Never touches the store, so a slow store never restarts a node. */
export const liveness: RouteHandler = async () => ({ body: { status: 'ok' } });

/** `GET /readyz`: the node can serve, its store answers in time; otherwise 503, so a load balancer sends traffic elsewhere. */
export const readiness: RouteHandler = async (_request, api) => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the store did not answer within ${READINESS_TIMEOUT_MS} ms`)), READINESS_TIMEOUT_MS);
  });
  try {
    // Any read will do: an unknown id answers null from a store that works.
    await Promise.race([api.runtime.store.jobs.get('trawl-readiness-probe'), late]);
    return { body: { status: 'ready', store: 'ok' } };
  } catch (error) {
    return { status: 503, body: { status: 'not ready', store: error instanceof Error ? error.message : String(error) } };
  } finally {
    clearTimeout(timer);
  }
};

import { codedError } from '../transport/api-error.js';
import type { RouteDefinition, RouteHandler } from './types.js';

/**
 * Endpoints of Firecrawl's hosted products that the 4.x SDK (v2, and v1 through `.v1`) can call: each answers a 501 naming
 * itself, so a client that uses them fails on that one call, not when it starts.
 */
const HOSTED_ONLY: ReadonlyArray<{ product: string; routes: ReadonlyArray<[RouteDefinition['method'], string]> }> = [
  {
    product: 'agent',
    routes: [
      ['GET', '/v2/agent/:id/trace'],
      ['GET', '/v2/agent/:id/snapshots/:snapshotId'],
      ['GET', '/v2/agent/threads/:id'],
    ],
  },
  {
    product: 'research search',
    routes: [
      ['GET', '/v2/search/research/papers'],
      ['GET', '/v2/search/research/papers/:id'],
      ['GET', '/v2/search/research/papers/:id/similar'],
      ['GET', '/v2/search/research/github'],
    ],
  },
  { product: 'developer search', routes: [['POST', '/v2/search/developer']] },
  {
    product: 'feedback',
    routes: [
      ['POST', '/v2/feedback'],
      ['POST', '/v2/search/:id/feedback'],
    ],
  },
];

function hostedOnly(method: string, path: string, product: string): RouteHandler {
  return async () => {
    throw codedError('NOT_IMPLEMENTED', `${method} ${path} is Firecrawl's hosted ${product} product, which Trawl does not provide`);
  };
}

export const HOSTED_ONLY_ROUTES: readonly RouteDefinition[] = HOSTED_ONLY.flatMap(({ product, routes }) =>
  routes.map(
    ([method, path]): RouteDefinition => ({
      method,
      path,
      style: 'plain',
      rateClass: 'status',
      readsBody: false,
      handle: hostedOnly(method, path, product),
    }),
  ),
);

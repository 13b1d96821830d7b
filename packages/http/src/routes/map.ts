import { map } from '@trawl/core';
import { spendCredits } from '@trawl/core/server';
import { CREDIT_COSTS } from '../limits/credits.js';
import { v1MapBodySchema } from '../schemas/v1-map.js';
import { parseBody } from './parse-body.js';
import type { RouteHandler } from './types.js';

/** `POST /v1/map` (E7): the site's links, from its pages and (unless ignored) its sitemaps. */
export const v1Map: RouteHandler = async (request, api) => {
  const body = parseBody(v1MapBodySchema, request.body);
  const links = await spendCredits(api.runtime.store.teams, request.account, CREDIT_COSTS.map, () =>
    map(body.url, {
      ...(body.search ? { search: body.search } : {}),
      ignoreSitemap: body.ignoreSitemap,
      sitemapOnly: body.sitemapOnly,
      includeSubdomains: body.includeSubdomains,
      limit: body.limit,
      ...(body.timeout === undefined ? {} : { timeout: body.timeout }),
      runtime: api.runtime,
      signal: request.signal,
    }),
  );
  return { body: { success: true, links } };
};

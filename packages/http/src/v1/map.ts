import { mapSite, spendCredits } from '@trawl/core/server';
import { CREDIT_COSTS } from '../limits/credits.js';
import { v1MapBodySchema } from '../schemas/v1-map.js';
import { v1Warnings } from './warnings.js';
import { parseBody } from '../routes/parse-body.js';
import { withoutQueryDuplicates } from '../routes/map-links.js';
import { warningOf } from '../routes/warning-of.js';
import type { RouteHandler } from '../routes/types.js';

/** `POST /v1/map` (E7): the site's links, from its pages and (unless ignored) its sitemaps. */
export const v1Map: RouteHandler = async (request, api) => {
  const body = parseBody(v1MapBodySchema, request.body);
  const found = await spendCredits(api.runtime.store.teams, request.account, CREDIT_COSTS.map, () =>
    mapSite(body.url, {
      ...(body.search ? { search: body.search } : {}),
      ignoreSitemap: body.ignoreSitemap,
      sitemapOnly: body.sitemapOnly,
      includeSubdomains: body.includeSubdomains,
      limit: body.limit,
      ...(body.timeout === undefined ? {} : { timeout: body.timeout }),
      ...(body.headers ? { headers: body.headers } : {}),
      ...(body.ignoreRobotsTxt ? { ignoreRobots: true } : {}),
      ...(body.filterByPath ? { withinPath: true } : {}),
      runtime: api.runtime,
      signal: request.signal,
    }),
  );
  const links = (body.ignoreQueryParameters ? withoutQueryDuplicates(found.links) : found.links).map((link) => link.url);
  return { body: { success: true, links, ...warningOf(v1Warnings(body, { map: true })) } };
};

import { v1MapBodySchema } from '../schemas/v1-map.js';
import { v1Warnings } from './warnings.js';
import { parseBody } from '../routes/parse-body.js';
import { mapForTeam, withoutQueryDuplicates } from '../routes/map-links.js';
import { warningOf } from '../routes/warning-of.js';
import type { RouteHandler } from '../routes/types.js';

/** `POST /v1/map` (E7): the site's links, from its pages and (unless ignored) its sitemaps. */
export const v1Map: RouteHandler = async (request, api) => {
  const body = parseBody(v1MapBodySchema, request.body);
  const found = await mapForTeam(request, api, { ...body, ignoreSitemap: body.ignoreSitemap, sitemapOnly: body.sitemapOnly });
  const links = (body.ignoreQueryParameters ? withoutQueryDuplicates(found.links) : found.links).map((link) => link.url);
  return { body: { success: true, links, ...warningOf(v1Warnings(body, { map: true })) } };
};

import { v1SearchCall, v1SearchResponse } from '@trawl/core/server';
import { coreScrapeOptions } from '../schemas/shared.js';
import { v1SearchBodySchema } from '../schemas/v1-search.js';
import { v1Warnings } from './warnings.js';
import { parseBody } from '../routes/parse-body.js';
import { runTeamSearch } from '../routes/team-search.js';
import { warningOf } from '../routes/warning-of.js';
import type { RouteHandler } from '../routes/types.js';

/** `POST /v1/search` (E6): hits, scraped when `scrapeOptions.formats` includes markdown. */
export const v1Search: RouteHandler = async (request, api) => {
  const parsed = parseBody(v1SearchBodySchema, request.body);
  const { origin, integration, filter, ignoreInvalidURLs, scrapeOptions, threatProtection, __searchPreviewToken, ...body } = parsed;
  void origin, void integration, void filter, void ignoreInvalidURLs, void threatProtection, void __searchPreviewToken;
  const call = v1SearchCall({ ...body, ...(scrapeOptions ? { scrapeOptions: coreScrapeOptions(scrapeOptions) } : {}) });
  const answer = v1SearchResponse((await runTeamSearch(call, request, api)).outcome);
  const warnings = [...(answer.warning ? [answer.warning] : []), ...v1Warnings(parsed)];
  return { body: { ...answer, ...warningOf(warnings) } };
};

import { v2ExtractBodySchema } from '../schemas/v2-extract.js';
import { notImplemented, planV2Scrape } from '../v2/scrape-plan.js';
import { startTeamExtract } from './llm-jobs.js';
import { parseV2Body } from './parse-v2-body.js';
import type { RouteHandler } from './types.js';

/** `POST /v2/extract`: v1's extract job with v2's scrape options. */
export const v2ExtractStart: RouteHandler = async (request, api) => {
  const { origin, integration, zeroDataRetention, fastMode, lockdown, ignoreInvalidURLs, threatProtection, scrapeOptions, agent, ...body } =
    parseV2Body(v2ExtractBodySchema, request.body);
  void origin, void integration, void zeroDataRetention, void fastMode, void lockdown, void ignoreInvalidURLs, void threatProtection;
  if (agent) throw notImplemented("Extraction by Firecrawl's hosted agent (`agent`)");
  const job = await startTeamExtract(api, request.account, {
    ...body,
    ...(scrapeOptions ? { scrapeOptions: planV2Scrape(scrapeOptions).scrapeOptions } : {}),
  });
  return { body: { success: true, id: job.id } };
};

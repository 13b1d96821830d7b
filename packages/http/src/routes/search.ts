import {
  DEFAULT_SEARCH_LIMIT,
  memoryRequestOf,
  spendHold,
  v0SearchCall,
  v0SearchResponse,
  v1SearchCall,
  v1SearchResponse,
  type SearchCall,
} from '@trawl/core/server';
import { searchAndScrape, type SearchOutcome } from '@trawl/core';
import { CREDIT_COSTS, pageCost, reserveUnits } from '../limits/credits.js';
import { v0SearchBodySchema } from '../schemas/v0.js';
import { coreScrapeOptions } from '../schemas/shared.js';
import { v1SearchBodySchema } from '../schemas/v1-search.js';
import { memoryExtraCost } from '../v2/memory-plan.js';
import { searchProviderMissing } from './missing-adapter.js';
import { v1Warnings } from '../v2/scrape-plan.js';
import { parseBody } from './parse-body.js';
import { warningOf } from './warning-of.js';
import type { ApiContext, RouteHandler, RouteRequest } from './types.js';

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

/** `POST /v0/search` (E17, beta): the top pages with their Markdown. */
export const v0Search: RouteHandler = async (request, api) => {
  const body = parseBody(v0SearchBodySchema, request.body);
  return { body: v0SearchResponse((await runTeamSearch(v0SearchCall(body), request, api)).outcome) };
};

/**
 * Runs a search for the team: 1 credit per result, or the page price per result when scraped
 * (a model-read page's when change tracking's json mode reads the hits).
 * Every result the limit allows is reserved first (the limit shrinks to what the team can pay);
 * the results found are what is charged.
 */
export async function runTeamSearch(
  call: SearchCall,
  request: RouteRequest,
  api: ApiContext,
): Promise<{ outcome: SearchOutcome; creditsUsed: number }> {
  if (!api.runtime.searchProvider) throw searchProviderMissing();
  const provider = api.runtime.searchProvider;
  const scraped = call.options.scrapeOptions;
  const memory = call.options.memory ? memoryRequestOf(call.options.memory) : {};
  const costPerResult = scraped ? pageCost(scraped) + memoryExtraCost(memory, pageCost(scraped)) : CREDIT_COSTS.searchResult;
  const costOf = (outcome: SearchOutcome) => costPerResult * outcome.data.length;
  const { hold, units } = await reserveUnits(api.runtime.store, request.account, {
    unitCost: costPerResult,
    units: call.options.limit ?? DEFAULT_SEARCH_LIMIT,
  });
  const outcome = await spendHold(
    api.runtime.store.teams,
    hold,
    () => searchAndScrape(provider, call.query, { ...call.options, limit: units, runtime: api.runtime, signal: request.signal }),
    costOf,
  );
  return { outcome, creditsUsed: costOf(outcome) };
}

import { DEFAULT_SEARCH_LIMIT, memoryRequestOf, spendHold, type SearchCall } from '@trawl/core/server';
import { searchAndScrape, type SearchOutcome } from '@trawl/core';
import { CREDIT_COSTS, pageCost, reserveUnits } from '../limits/credits.js';
import { memoryExtraCost } from './memory-plan.js';
import { searchProviderMissing } from './missing-adapter.js';
import type { ApiContext, RouteRequest } from './types.js';

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

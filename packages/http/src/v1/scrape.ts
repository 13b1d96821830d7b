import { scrape } from '@trawl/core';
import { spendCredits } from '@trawl/core/server';
import { pageCost, scrapePrice } from '../limits/credits.js';
import { planV1Tracked } from '../schemas/v1-change-tracking.js';
import { v1ScrapeBodySchema } from '../schemas/v1-scrape.js';
import { toV1Document } from './v1-document.js';
import { memoryExtraCost } from '../routes/memory-plan.js';
import { memoryScrapeOptions } from '../routes/memory-scrape-options.js';
import { notImplemented } from '../transport/api-error.js';
import { v1Warnings } from './warnings.js';
import { parseBody } from '../routes/parse-body.js';
import { warningOf } from '../routes/warning-of.js';
import type { RouteHandler } from '../routes/types.js';

/** `POST /v1/scrape`: one page, answered when done. The target's own 404 is a 200 with `metadata.statusCode`. */
export const v1Scrape: RouteHandler = async (request, api) => {
  const { url, origin, integration, agent, ...options } = parseBody(v1ScrapeBodySchema, request.body);
  void origin, void integration;
  if (agent) throw notImplemented("Scraping with Firecrawl's hosted agent (`agent`)");
  const { scrapeOptions, memory, v1 } = planV1Tracked(options);
  const cost = pageCost(scrapeOptions) + memoryExtraCost(memory, pageCost(scrapeOptions));
  const price = scrapePrice(cost, scrapeOptions);
  const document = await spendCredits(
    api.runtime.store.teams,
    request.account,
    price.most,
    () =>
      scrape(url, { ...scrapeOptions, ...memoryScrapeOptions(api, request.teamId, memory), runtime: api.runtime, signal: request.signal }),
    price.costOf,
  );
  return { body: { success: true, data: toV1Document(document, v1), ...warningOf(v1Warnings(options)) } };
};

import { scrape, spendCredits } from '@trawl/core';
import { pageCost } from '../limits/credits.js';
import { v1ScrapeBodySchema } from '../schemas/v1-scrape.js';
import { engineScrapeOptions } from '../schemas/shared.js';
import { parseBody } from './parse-body.js';
import type { RouteHandler } from './types.js';

/** `POST /v1/scrape`: one page, answered when done. The target's own 404 is a 200 with `metadata.statusCode`. */
export const v1Scrape: RouteHandler = async (request, api) => {
  const { url, origin, integration, ...options } = parseBody(v1ScrapeBodySchema, request.body);
  void origin, void integration;
  const scrapeOptions = engineScrapeOptions(options);
  const document = await spendCredits(api.store.teams, request.account, pageCost(scrapeOptions), () =>
    scrape(url, { ...scrapeOptions, ...api.engine(request.signal) }),
  );
  return { body: { success: true, data: document } };
};

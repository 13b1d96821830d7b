import { scrape } from '@trawl/core';
import { spendCredits } from '@trawl/core/server';
import { codedError } from '../http/api-error.js';
import { pageCost, scrapePrice } from '../limits/credits.js';
import { v2ScrapeBodySchema } from '../schemas/v2-scrape.js';
import { newScrapeId, readRetainedScrape, retainScrape } from '../v2/retained-scrape.js';
import { memoryExtraCost } from '../v2/memory-plan.js';
import { memoryScrapeOptions } from '../v2/memory-scrape-options.js';
import { planV2Scrape } from '../v2/scrape-plan.js';
import { toV2Document } from '../v2/v2-document.js';
import { assertJobCan } from './crawl.js';
import { findTeamJob } from './find-job.js';
import { parseV2Body } from './parse-v2-body.js';
import type { RouteHandler } from './types.js';

/** `POST /v2/scrape`: one page in v2's shape, kept for `GET /v2/scrape/{scrapeId}`. */
export const v2Scrape: RouteHandler = async (request, api) => {
  const { url, ...options } = parseV2Body(v2ScrapeBodySchema, request.body);
  const { scrapeOptions, shaping, memory } = planV2Scrape(options);
  assertJobCan(api, scrapeOptions);
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
  const scrapeId = newScrapeId();
  const data = toV2Document(document, shaping, scrapeId);
  await retainScrape(api.runtime.store, { id: scrapeId, teamId: request.teamId, retentionMs: api.runtime.retentionMs }, data);
  return { body: { success: true, data } };
};

/** `GET /v2/scrape/{scrapeId}`: a scrape's document again, while it is retained. */
export const v2ScrapeResult: RouteHandler = async (request, api) => {
  const missing = codedError('SCRAPE_NOT_FOUND', 'Scrape not found: it never existed, belongs to another team or is past its retention');
  const job = await findTeamJob(api.runtime.store, request.params.id!, request.teamId, ['scrape'], missing);
  const data = await readRetainedScrape(api.runtime.store, job.id);
  if (!data) throw missing;
  return { body: { success: true, data } };
};

import { scrape, type Runtime } from '@trawl/core';
import type { Browser } from '@trawl/core/ports';
import { spendCredits } from '@trawl/core/server';
import { codedError } from '../transport/api-error.js';
import { pageCost, scrapePrice } from '../limits/credits.js';
import { v2ScrapeBodySchema } from '../schemas/v2-scrape.js';
import { newScrapeId, readRetainedScrape, retainScrape } from './retained-scrape.js';
import { memoryExtraCost } from '../routes/memory-plan.js';
import { memoryScrapeOptions } from '../routes/memory-scrape-options.js';
import { planV2Scrape } from './scrape-plan.js';
import { toV2Document } from './v2-document.js';
import { assertJobCan } from '../routes/start-crawl.js';
import { findTeamJob } from '../routes/find-job.js';
import { parseV2Body } from '../routes/parse-v2-body.js';
import { keepScrapePage } from './interact.js';
import type { ApiContext, RouteHandler } from '../routes/types.js';

/** `POST /v2/scrape`: one page in v2's shape, kept for `GET /v2/scrape/{scrapeId}`. */
export const v2Scrape: RouteHandler = async (request, api) => {
  const { url, ...options } = parseV2Body(v2ScrapeBodySchema, request.body);
  const { scrapeOptions, shaping, memory } = planV2Scrape(options);
  assertJobCan(api, scrapeOptions);
  const cost = pageCost(scrapeOptions) + memoryExtraCost(memory, pageCost(scrapeOptions));
  const price = scrapePrice(cost, scrapeOptions);
  const scrapeId = newScrapeId();
  const runtime = keepingPageRuntime(api, request.teamId, scrapeId);
  const document = await spendCredits(
    api.runtime.store.teams,
    request.account,
    price.most,
    () => scrape(url, { ...scrapeOptions, ...memoryScrapeOptions(api, request.teamId, memory), runtime, signal: request.signal }),
    price.costOf,
  ).catch(async (error: unknown) => {
    // A failed scrape gets no interact: a page it may have kept goes now.
    await api.sessions.registry.end(request.teamId, 'interact', scrapeId).catch(() => undefined);
    throw error;
  });
  const data = toV2Document(document, shaping, scrapeId);
  await retainScrape(api.runtime.store, { id: scrapeId, teamId: request.teamId, retentionMs: api.runtime.retentionMs }, data);
  return { body: { success: true, data } };
};

/**
 * The runtime of a v2 scrape: its browser loads keep their page for `/v2/scrape/{id}/interact`
 * (the last load's, when the escalation ladder loaded twice), when the setting allows and the
 * browser can keep pages.
 */
function keepingPageRuntime(api: ApiContext, teamId: string, scrapeId: string): Runtime {
  const browser = api.runtime.browser;
  const keepMs = api.sessions.settings.interactKeepMs;
  if (!browser?.openSession || keepMs === 0) return api.runtime;
  const keeping: Browser = {
    load: (request) =>
      browser.load({ ...request, keepPage: (page) => void keepScrapePage(api, teamId, scrapeId, page, keepMs).catch(() => page.close()) }),
    // The server's browser: closed by whoever made it, never by this scrape.
    close: async () => undefined,
  };
  return api.runtime.with({ browser: keeping });
}

/** `GET /v2/scrape/{scrapeId}`: a scrape's document again, while it is retained. */
export const v2ScrapeResult: RouteHandler = async (request, api) => {
  const missing = codedError('SCRAPE_NOT_FOUND', 'Scrape not found: it never existed, belongs to another team or is past its retention');
  const job = await findTeamJob(api.runtime.store, request.params.id!, request.teamId, ['scrape'], missing);
  const data = await readRetainedScrape(api.runtime.store, job.id);
  if (!data) throw missing;
  return { body: { success: true, data } };
};

import {
  withoutStore,
  cancelJob,
  readAllDocuments,
  readLatestDocuments,
  specOf,
  spendCredits,
  startCrawlJob,
  toV0CrawlState,
  toV0CrawlStatus,
  v0SearchCall,
  v0SearchResponse,
} from '@trawl/core/server';
import { scrape, type Document } from '@trawl/core';
import { ApiError, MESSAGES } from '../transport/api-error.js';
import { pageCost } from '../limits/credits.js';
import { v0CrawlBodySchema, v0ScrapeBodySchema, v0SearchBodySchema } from '../schemas/v0.js';
import { v0ToCrawlRules, v0ToScrapeOptions } from './page-options.js';
import { toV0Document, toV0UrlOnly } from './v0-document.js';
import { affordableRules, assertJobCan } from '../routes/start-crawl.js';
import { findTeamJob } from '../routes/find-job.js';
import { parseBody } from '../routes/parse-body.js';
import { runTeamSearch } from '../routes/team-search.js';
import type { RouteHandler } from '../routes/types.js';

/** `POST /v0/scrape` (E16). */
export const v0Scrape: RouteHandler = async (request, api) => {
  const body = parseBody(v0ScrapeBodySchema, request.body);
  const options = v0ToScrapeOptions(body.pageOptions, {
    ...(body.extractorOptions ? { extractor: body.extractorOptions } : {}),
    timeout: body.timeout,
  });
  const document = await spendCredits(api.runtime.store.teams, request.account, pageCost(options), () =>
    scrape(body.url, { ...options, runtime: withoutStore(api.runtime), signal: request.signal }),
  );
  return { body: { success: true, data: toV0Document(document), returnCode: 200 } };
};

/** `POST /v0/crawl` (E13): `{jobId}`. */
export const v0CrawlStart: RouteHandler = async (request, api) => {
  const body = parseBody(v0CrawlBodySchema, request.body);
  const scrapeOptions = v0ToScrapeOptions(body.pageOptions, { generateImgAltText: body.crawlerOptions.generateImgAltText });
  assertJobCan(api, scrapeOptions);
  const rules = await affordableRules(api, request.teamId, v0ToCrawlRules(body.crawlerOptions), pageCost(scrapeOptions));
  const job = await startCrawlJob(body.url, rules, {
    store: api.runtime.store,
    teamId: request.teamId,
    apiKey: request.account.apiKey,
    retentionMs: api.runtime.retentionMs,
    scrapeOptions,
  });
  return { body: { jobId: job.id } };
};

const v0NotFound = () => new ApiError(404, MESSAGES.jobNotFound, { kind: 'spec' });

/**
 * `GET /v0/crawl/status/{jobId}` (E14): `data` is null until the crawl completes, while
 * `partial_data` holds the 50 newest documents; once completed, `data` has them all.
 */
export const v0CrawlStatus: RouteHandler = async (request, api) => {
  const job = await findTeamJob(api.runtime.store, request.params.jobId!, request.teamId, ['crawl'], v0NotFound());
  const urlsOnly = specOf(job).rules.returnOnlyUrls;
  const view = (doc: Document, index: number) => (urlsOnly ? toV0UrlOnly(doc) : { ...toV0Document(doc), index });
  const status = toV0CrawlStatus(job);
  if (job.status === 'completed') {
    const documents = await readAllDocuments(api.runtime.store, job.id);
    return { body: { ...status, data: documents.map(view), partial_data: [] } };
  }
  const latest = await readLatestDocuments(api.runtime.store, job.id);
  return { body: { ...status, data: null, partial_data: latest.documents.map((doc, i) => view(doc, latest.firstIndex + i)) } };
};

/** `DELETE /v0/crawl/cancel/{jobId}` (E15). */
export const v0CrawlCancel: RouteHandler = async (request, api) => {
  const job = await findTeamJob(api.runtime.store, request.params.jobId!, request.teamId, ['crawl'], v0NotFound());
  const outcome = await cancelJob(api.runtime.store, job.id, { retentionMs: api.runtime.retentionMs });
  if (outcome.outcome === 'not_found') throw v0NotFound();
  if (outcome.outcome === 'cancelled') return { body: { status: 'cancelled' } };
  return { body: { status: outcome.job.status === 'cancelled' ? 'cancelled' : toV0CrawlState(outcome.job.status) } };
};

/** `POST /v0/search` (E17, beta): the top pages with their Markdown. */
export const v0Search: RouteHandler = async (request, api) => {
  const body = parseBody(v0SearchBodySchema, request.body);
  return { body: v0SearchResponse((await runTeamSearch(v0SearchCall(body), request, api)).outcome) };
};

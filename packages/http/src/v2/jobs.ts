import { appendBatchUrls, specOf } from '@trawl/core/server';
import type { JobRecord } from '@trawl/core/ports';
import { codedError } from '../transport/api-error.js';
import { apiUrl } from '../transport/request-url.js';
import { pageCost, requireCredits } from '../limits/credits.js';
import { v2BatchBodySchema } from '../schemas/v2-batch.js';
import { v2CrawlBodySchema, v2CrawlPreviewBodySchema, v2CrawlRules } from '../schemas/v2-crawl.js';
import { crawlParamsFromPrompt } from './crawl-prompt.js';
import { hostedOnlyWarnings, planV2Scrape, type V2Shaping } from './scrape-plan.js';
import { toV2Document } from './v2-document.js';
import { startTeamBatch, validUrls } from '../routes/batch.js';
import { startTeamCrawl } from '../routes/crawl.js';
import { jobExtraOf } from '../jobs/job-extra.js';
import { findTeamJob } from '../routes/find-job.js';
import { parseV2Body } from '../routes/parse-v2-body.js';
import { v1JobStatus, type DocumentView } from '../routes/status.js';
import type { ApiContext, RouteHandler } from '../routes/types.js';
import { warningOf } from '../routes/warning-of.js';

/** `POST /v2/crawl`: v1's crawl with v2's options; `prompt` lets the model fill in what the body leaves out. */
export const v2CrawlStart: RouteHandler = async (request, api) => {
  let body = parseV2Body(v2CrawlBodySchema, request.body);
  if (body.prompt) {
    const { params } = await crawlParamsFromPrompt(api.runtime.llm, body.url, body.prompt, request.signal);
    // What the caller wrote wins over what the model suggests.
    body = parseV2Body(v2CrawlBodySchema, { ...params, ...(request.body as Record<string, unknown>) });
  }
  const { scrapeOptions, shaping, memory } = planV2Scrape(body.scrapeOptions ?? {});
  const job = await startTeamCrawl(api, request.account, {
    url: body.url,
    memory,
    rules: v2CrawlRules(body),
    scrapeOptions,
    extra: jobExtra(body.webhook, shaping),
  });
  const warnings = [...hostedOnlyWarnings(body), ...shaping.warnings];
  return { body: { success: true, id: job.id, url: apiUrl(request.location, `/v2/crawl/${job.id}`), ...warningOf(warnings) } };
};

/** `POST /v2/crawl/params-preview`: the options a prompt would give, without crawling. */
export const v2CrawlParamsPreview: RouteHandler = async (request, api) => {
  const body = parseV2Body(v2CrawlPreviewBodySchema, request.body);
  const { params } = await crawlParamsFromPrompt(api.runtime.llm, body.url, body.prompt, request.signal);
  return { body: { success: true, data: { url: body.url, ...params } } };
};

/** `POST /v2/batch/scrape`: v1's batch with v2's options; invalid URLs are skipped by default; `appendToId` adds to a running batch. */
export const v2BatchStart: RouteHandler = async (request, api) => {
  const { urls, webhook, ignoreInvalidURLs, maxConcurrency, appendToId, ...options } = parseV2Body(v2BatchBodySchema, request.body);
  const { scrapeOptions, shaping, memory } = planV2Scrape(options);
  const { job, invalidURLs } = appendToId
    ? await appendToBatch(api, request.teamId, appendToId, urls, ignoreInvalidURLs)
    : await startTeamBatch(api, request.account, {
        urls,
        ignoreInvalidURLs,
        scrapeOptions,
        memory,
        rules: maxConcurrency == null ? {} : { maxConcurrency },
        extra: jobExtra(webhook, shaping),
      });
  return {
    body: {
      success: true,
      id: job.id,
      url: apiUrl(request.location, `/v2/batch/scrape/${job.id}`),
      ...(ignoreInvalidURLs ? { invalidURLs } : {}),
      ...warningOf(shaping.warnings),
    },
  };
};

/** The URLs are scraped with the batch's own options, as its first ones were. */
export async function appendToBatch(
  api: ApiContext,
  teamId: string,
  id: string,
  urls: readonly string[],
  ignoreInvalidURLs: boolean,
): Promise<{ job: JobRecord; invalidURLs: string[] }> {
  const batch = await findTeamJob(api.runtime.store, id, teamId, ['batch_scrape']);
  const valid = validUrls(urls, ignoreInvalidURLs);
  await requireCredits(api.runtime.store, teamId, pageCost(specOf(batch).scrapeOptions) * valid.urls.length);
  const job = await appendBatchUrls(api.runtime.store, batch.id, valid.urls);
  if (!job) throw codedError('BATCH_NOT_RUNNING', `Batch ${batch.id} is no longer running: start a new batch for these URLs`);
  return { job, invalidURLs: valid.invalidURLs };
}

function jobExtra(webhook: unknown, shaping: V2Shaping): Record<string, unknown> {
  return { ...(webhook ? { webhook } : {}), v2: shaping };
}

/** The v2 shaping a job keeps (absent on jobs started through v1). */
export function v2ShapingOf(job: JobRecord): V2Shaping | undefined {
  return jobExtraOf(job).v2 as V2Shaping | undefined;
}

const v2Documents: DocumentView = (documents, job) => {
  const shaping = v2ShapingOf(job);
  return documents.map((document) => toV2Document(document, shaping));
};

export const v2CrawlStatus = v1JobStatus('/v2/crawl', v2Documents);
export const v2BatchStatus = v1JobStatus('/v2/batch/scrape', v2Documents);

/** Running crawls listed at most (a team rarely has more than a few). */
const MAX_ACTIVE_CRAWLS = 1000;

/** `GET /v2/crawl/active` (and v1's): the team's crawls still running, oldest first. */
export const activeCrawls: RouteHandler = async (request, api) => {
  const running = await api.runtime.store.jobs.listRunning({ teamId: request.teamId, kind: 'crawl', limit: MAX_ACTIVE_CRAWLS });
  const crawls = running.map((job) => {
    const spec = specOf(job);
    return { id: job.id, teamId: job.teamId, url: spec.url, options: { ...spec.rules, scrapeOptions: spec.scrapeOptions } };
  });
  return { body: { success: true, crawls } };
};

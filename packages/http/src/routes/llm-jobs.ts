import {
  isTrawlError,
  llmMissing,
  LLM_PAGE_CREDITS,
  LLMSTXT_CALL_CREDITS,
  LLMSTXT_PAGE_CREDITS,
  startExtractJob,
  startLlmsTxtJob,
  toExtractStatus,
  toLlmsTxtStatus,
} from '@trawl/core';
import { ApiError, MESSAGES, badRequest } from '../http/api-error.js';
import { requireCredits } from '../limits/credits.js';
import { engineScrapeOptions } from '../schemas/shared.js';
import { v1ExtractBodySchema, v1LlmsTxtBodySchema } from '../schemas/v1-llm-jobs.js';
import { findTeamJob } from './find-job.js';
import { parseBody } from './parse-body.js';
import type { RouteHandler } from './types.js';

const INVALID_EXTRACT = 'Invalid input data.';
const INVALID_LLMSTXT = 'Invalid parameters provided';

/**
 * `POST /v1/extract` (E4): validates, creates the job and answers at once; this process runs
 * it (see jobs/llm-job-runner.ts). Without an LLM provider it is a 501 naming the adapter.
 */
export const v1ExtractStart: RouteHandler = async (request, api) => {
  const { origin, integration, ignoreInvalidURLs, scrapeOptions, ...body } = parseBody(v1ExtractBodySchema, request.body, INVALID_EXTRACT);
  void origin, void integration, void ignoreInvalidURLs;
  if (!api.llm) throw llmMissing('Extract');
  await requireCredits(api.store, request.teamId, LLM_PAGE_CREDITS);
  const job = await asBadRequest(INVALID_EXTRACT, () =>
    startExtractJob(api.store, { ...body, ...(scrapeOptions ? { scrapeOptions: engineScrapeOptions(scrapeOptions) } : {}) }, { teamId: request.teamId, retentionMs: api.retentionMs }),
  );
  api.llmJobs.run(job);
  return { body: { success: true, id: job.id } };
};

/** `GET /v1/extract/{id}` (E5). */
export const v1ExtractStatus: RouteHandler = async (request, api) => {
  const job = await findTeamJob(api.store, request.params.id!, request.teamId, ['extract'], new ApiError(404, MESSAGES.extractJobNotFound, { kind: 'spec' }));
  return { body: toExtractStatus(job) };
};

/**
 * `POST /v1/llmstxt` (E8). With an LLM provider the model writes each page's description;
 * without one core uses the page's own title and description and says so in `warning`.
 */
export const v1LlmsTxtStart: RouteHandler = async (request, api) => {
  const { origin, integration, cache, ...body } = parseBody(v1LlmsTxtBodySchema, request.body, INVALID_LLMSTXT);
  void origin, void integration, void cache;
  // The call and at least one page: the rest is billed page by page, up to maxUrls.
  await requireCredits(api.store, request.teamId, LLMSTXT_CALL_CREDITS + LLMSTXT_PAGE_CREDITS);
  const job = await asBadRequest(INVALID_LLMSTXT, () => startLlmsTxtJob(api.store, body, { teamId: request.teamId, retentionMs: api.retentionMs }));
  api.llmJobs.run(job);
  return { body: { success: true, id: job.id } };
};

/** `GET /v1/llmstxt/{id}` (E9). */
export const v1LlmsTxtStatus: RouteHandler = async (request, api) => {
  const job = await findTeamJob(api.store, request.params.id!, request.teamId, ['llmstxt'], new ApiError(404, MESSAGES.llmsTxtJobNotFound, { kind: 'spec' }));
  return { body: toLlmsTxtStatus(job) };
};

/** Core's own checks of the request (URL patterns, scrape options) word their failures as the contract does. */
async function asBadRequest<T>(message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isTrawlError(error) && (error.code === 'INVALID_OPTIONS' || error.code === 'SCRAPE_INVALID_URL')) {
      throw badRequest([{ code: error.code, message: error.message, path: [] }], message);
    }
    throw error;
  }
}

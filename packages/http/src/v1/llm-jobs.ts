import { LLMSTXT_CALL_CREDITS, LLMSTXT_PAGE_CREDITS, startLlmsTxtJob, toLlmsTxtStatus } from '@trawl/core/server';
import { ApiError, MESSAGES, notImplemented } from '../transport/api-error.js';
import { reserveUnits } from '../limits/credits.js';
import { coreScrapeOptions } from '../schemas/shared.js';
import { v1ExtractBodySchema, v1LlmsTxtBodySchema } from '../schemas/v1-llm-jobs.js';
import { UNUSED_EXTRACT_FIELDS, withoutUnusedFields } from '../schemas/firecrawl-unused-fields.js';
import { v1Warnings } from './warnings.js';
import { findTeamJob } from '../routes/find-job.js';
import { asBadRequest, extractWebhookWarnings, INVALID_EXTRACT, startHeld, startTeamExtract } from '../routes/llm-jobs.js';
import { parseBody } from '../routes/parse-body.js';
import { warningOf } from '../routes/warning-of.js';
import type { RouteHandler } from '../routes/types.js';

const INVALID_LLMSTXT = 'Invalid parameters provided';

/**
 * `POST /v1/extract` (E4): validates, creates the job and answers at once; this process runs
 * it (see jobs/llm-job-runner.ts). Without an LLM provider it is a 501 naming the adapter.
 */
export const v1ExtractStart: RouteHandler = async (request, api) => {
  const parsed = parseBody(v1ExtractBodySchema, request.body, INVALID_EXTRACT);
  const { origin, integration, ignoreInvalidURLs, scrapeOptions, agent, webhook, threatProtection, ...rest } = parsed;
  void origin, void integration, void ignoreInvalidURLs, void threatProtection;
  if (agent) throw notImplemented("Extraction by Firecrawl's hosted agent (`agent`)");
  const job = await startTeamExtract(api, request.account, {
    ...withoutUnusedFields(rest, UNUSED_EXTRACT_FIELDS),
    ...(scrapeOptions ? { scrapeOptions: coreScrapeOptions(scrapeOptions) } : {}),
  });
  return { body: { success: true, id: job.id, ...warningOf([...v1Warnings(parsed), ...extractWebhookWarnings(webhook)]) } };
};

/**
 * `POST /v1/llmstxt` (E8). With an LLM provider the model writes each page's description;
 * without one core uses the page's own title and description and says so in `warning`.
 */
export const v1LlmsTxtStart: RouteHandler = async (request, api) => {
  const { origin, integration, cache, ...body } = parseBody(v1LlmsTxtBodySchema, request.body, INVALID_LLMSTXT);
  void origin, void integration, void cache;
  // The call and every page up to maxUrls are reserved; maxUrls shrinks to what the team can pay.
  const price = { unitCost: LLMSTXT_PAGE_CREDITS, units: body.maxUrls, fixed: LLMSTXT_CALL_CREDITS };
  const { hold, units: maxUrls } = await reserveUnits(api.runtime.store, request.account, price);
  const job = await startHeld(api, hold, () =>
    asBadRequest(INVALID_LLMSTXT, () =>
      startLlmsTxtJob(api.runtime.store, { ...body, maxUrls }, { teamId: request.teamId, retentionMs: api.runtime.retentionMs }),
    ),
  );
  return { body: { success: true, id: job.id } };
};

/** `GET /v1/llmstxt/{id}` (E9). */
export const v1LlmsTxtStatus: RouteHandler = async (request, api) => {
  const job = await findTeamJob(
    api.runtime.store,
    request.params.id!,
    request.teamId,
    ['llmstxt'],
    new ApiError(404, MESSAGES.llmsTxtJobNotFound, { kind: 'spec' }),
  );
  return { body: toLlmsTxtStatus(job) };
};

import {
  EXTRACT_SEARCH_HITS,
  llmMissing,
  resolveExtractRequest,
  settleCredits,
  LLM_PAGE_CREDITS,
  LLMSTXT_CALL_CREDITS,
  LLMSTXT_PAGE_CREDITS,
  startExtractJob,
  startLlmsTxtJob,
  toExtractStatus,
  toLlmsTxtStatus,
  type Account,
  type AccountHold,
} from '@trawl/core/server';
import { isTrawlError, type ExtractRequestInput } from '@trawl/core';
import type { JobRecord } from '@trawl/core/ports';
import { ApiError, MESSAGES, badRequest } from '../transport/api-error.js';
import { reserveUnits } from '../limits/credits.js';
import { coreScrapeOptions } from '../schemas/shared.js';
import { v1ExtractBodySchema, v1LlmsTxtBodySchema } from '../schemas/v1-llm-jobs.js';
import { findTeamJob } from './find-job.js';
import { UNUSED_EXTRACT_FIELDS, withoutUnusedFields } from '../schemas/firecrawl-unused-fields.js';
import { notImplemented, v1Warnings } from '../v2/scrape-plan.js';
import { parseBody } from './parse-body.js';
import { warningOf } from './warning-of.js';
import type { ApiContext, RouteHandler } from './types.js';

const INVALID_EXTRACT = 'Invalid input data.';
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

/** Extract jobs send no webhook events yet: one given is named as not applied. */
export function extractWebhookWarnings(webhook: unknown): string[] {
  return webhook ? ['webhook is not applied: extract jobs send no webhook events here; poll the extract status'] : [];
}

/** Starts an extract for a team (v1 and v2 alike): checked, paid for up front, then run by this process. */
export async function startTeamExtract(api: ApiContext, account: Account, input: ExtractRequestInput): Promise<JobRecord> {
  if (!api.runtime.llm) throw llmMissing('Extract');
  // Checked before anything is reserved, so a bad request is a 400 whatever the balance.
  const resolved = await asBadRequest(INVALID_EXTRACT, async () => resolveExtractRequest(input));
  // Every page the job may read is reserved (a web search adds its hits); `limit` shrinks to what the team can pay.
  const searchPages = resolved.enableWebSearch ? EXTRACT_SEARCH_HITS : 0;
  const price = { unitCost: LLM_PAGE_CREDITS, units: resolved.limit, fixed: LLM_PAGE_CREDITS * searchPages };
  const { hold, units: limit } = await reserveUnits(api.runtime.store, account, price);
  return startHeld(api, hold, () =>
    asBadRequest(INVALID_EXTRACT, () =>
      startExtractJob(api.runtime.store, { ...input, limit }, { teamId: account.teamId, retentionMs: api.runtime.retentionMs }),
    ),
  );
}

/** `GET /v1/extract/{id}` (E5). */
export const v1ExtractStatus: RouteHandler = async (request, api) => {
  const job = await findTeamJob(
    api.runtime.store,
    request.params.id!,
    request.teamId,
    ['extract'],
    new ApiError(404, MESSAGES.extractJobNotFound, { kind: 'spec' }),
  );
  return { body: toExtractStatus(job) };
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

/** Creates a job paid by `hold` and hands both to the runner, which settles the hold when the job ends; a job not created releases it. */
export async function startHeld(api: ApiContext, hold: AccountHold, create: () => Promise<JobRecord>): Promise<JobRecord> {
  let job: JobRecord;
  try {
    job = await create();
  } catch (error) {
    await settleCredits(api.runtime.store.teams, hold, 0);
    throw error;
  }
  api.llmJobs.run(job, hold);
  return job;
}

/** Core's own checks of the request (URL patterns, scrape options) word their failures as the contract does. */
export async function asBadRequest<T>(message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isTrawlError(error) && (error.code === 'INVALID_OPTIONS' || error.code === 'SCRAPE_INVALID_URL')) {
      throw badRequest([{ code: error.code, message: error.message, path: [] }], message);
    }
    throw error;
  }
}

/** Extract and other model jobs for a team, as v1 and v2 start them: checked, paid for up front, run by this process. */
import {
  EXTRACT_SEARCH_HITS,
  llmMissing,
  resolveExtractRequest,
  settleCredits,
  LLM_PAGE_CREDITS,
  startExtractJob,
  toExtractStatus,
  type Account,
  type AccountHold,
} from '@trawl/core/server';
import { isTrawlError, type ExtractRequestInput } from '@trawl/core';
import type { JobRecord } from '@trawl/core/ports';
import { ApiError, MESSAGES, badRequest } from '../transport/api-error.js';
import { reserveUnits } from '../limits/credits.js';
import { findTeamJob } from './find-job.js';
import type { ApiContext, RouteHandler } from './types.js';

export const INVALID_EXTRACT = 'Invalid input data.';

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

/** `GET /v1/extract/{id}` (E5) and `GET /v2/extract/{id}`. */
export const extractStatus: RouteHandler = async (request, api) => {
  const job = await findTeamJob(
    api.runtime.store,
    request.params.id!,
    request.teamId,
    ['extract'],
    new ApiError(404, MESSAGES.extractJobNotFound, { kind: 'spec' }),
  );
  return { body: toExtractStatus(job) };
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

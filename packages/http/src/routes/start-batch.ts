/** Starting or growing a batch for a team, as v1 and v2 do: URLs checked, every page paid for, the job created or appended to. */
import { appendBatchUrls, clip, MAX_URL_LENGTH, specOf, startBatchJob, type Account, type PageMemoryRequest } from '@trawl/core/server';
import type { CrawlOptionsInput, ScrapeOptionsInput } from '@trawl/core';
import type { JobRecord } from '@trawl/core/ports';
import { badRequest, codedError } from '../transport/api-error.js';
import { findTeamJob } from './find-job.js';
import { pageCost, requireCredits } from '../limits/credits.js';
import { normalizeTargetUrl } from '../schemas/shared.js';
import { assertJobCan, jobInput } from './start-crawl.js';
import type { ApiContext } from './types.js';

export interface TeamBatchInput {
  urls: readonly string[];
  ignoreInvalidURLs: boolean;
  scrapeOptions: ScrapeOptionsInput;
  /** The scrape cache the pages go through (maxAge, minAge, storeInCache, zeroDataRetention). */
  memory?: PageMemoryRequest;
  rules: CrawlOptionsInput;
  extra: Record<string, unknown>;
}

/**
 * Starts a batch for a team (v1 and v2 alike): invalid URLs refuse the request or, with
 * `ignoreInvalidURLs`, come back in `invalidURLs`; credits for every page are checked first.
 */
export async function startTeamBatch(
  api: ApiContext,
  account: Account,
  input: TeamBatchInput,
): Promise<{ job: JobRecord; invalidURLs: string[] }> {
  const valid = validUrls(input.urls, input.ignoreInvalidURLs);
  assertJobCan(api, input.scrapeOptions);
  await requireCredits(api.runtime.store, account.teamId, pageCost(input.scrapeOptions) * valid.urls.length);
  const job = await startBatchJob(valid.urls, input.rules, {
    ...jobInput(api, account, input),
    ...(input.memory ? { memory: input.memory } : {}),
  });
  api.notifier.started(job);
  return { job, invalidURLs: valid.invalidURLs };
}

/**
 * A batch request's URLs join the running batch `appendToId` names (scraped with that batch's
 * options), or start a new batch for the team (v1 and v2 alike).
 */
export function startOrAppendBatch(
  api: ApiContext,
  account: Account,
  appendToId: string | null | undefined,
  input: TeamBatchInput,
): Promise<{ job: JobRecord; invalidURLs: string[] }> {
  return appendToId
    ? appendToBatch(api, account.teamId, appendToId, input.urls, input.ignoreInvalidURLs)
    : startTeamBatch(api, account, input);
}

/** The URLs are scraped with the batch's own options, as its first ones were. */
async function appendToBatch(
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

/** The URLs that can be scraped; a 400 when none can, or when one cannot and invalid ones are not ignored. */
function validUrls(urls: readonly string[], ignoreInvalidURLs: boolean): { urls: string[]; invalidURLs: string[] } {
  const { valid, invalid } = partitionUrls(urls);
  if (invalid.length && !ignoreInvalidURLs) {
    throw badRequest(invalid.map(({ index, message }) => ({ code: 'invalid_url', message, path: ['urls', index] })));
  }
  if (!valid.length) throw badRequest([{ code: 'invalid_url', message: 'No valid URLs were given', path: ['urls'] }]);
  return { urls: valid, invalidURLs: invalid.map((entry) => entry.url) };
}

function partitionUrls(urls: readonly string[]) {
  const valid: string[] = [];
  const invalid: Array<{ url: string; index: number; message: string }> = [];
  urls.forEach((url, index) => {
    try {
      valid.push(normalizeTargetUrl(url));
    } catch (error) {
      // A URL over the length cap is echoed only by its start.
      invalid.push({
        url: url.length > MAX_URL_LENGTH ? clip(url) : url,
        index,
        message: error instanceof Error ? error.message : 'Invalid URL',
      });
    }
  });
  return { valid, invalid };
}

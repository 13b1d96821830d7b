import { clip, MAX_URL_LENGTH, startBatchJob, type Account, type PageMemoryRequest } from '@trawl/core/server';
import type { CrawlOptionsInput, ScrapeOptionsInput } from '@trawl/core';
import type { JobRecord } from '@trawl/core/ports';
import { badRequest } from '../transport/api-error.js';
import { apiUrl } from '../transport/request-url.js';
import { pageCost, requireCredits } from '../limits/credits.js';
import { normalizeTargetUrl } from '../schemas/shared.js';
import { v1BatchBodySchema } from '../schemas/v1-batch.js';
import { planV1Tracked } from '../schemas/v1-change-tracking.js';
import { assertJobCan, jobInput } from './crawl.js';
import { v1Warnings } from '../v2/scrape-plan.js';
import { parseBody } from './parse-body.js';
import { appendToBatch } from '../v2/jobs.js';
import { warningOf } from './warning-of.js';
import type { ApiContext, RouteHandler } from './types.js';

/** `POST /v1/batch/scrape` (E1): queues every valid URL and answers at once. */
export const v1BatchStart: RouteHandler = async (request, api) => {
  const { urls, webhook, ignoreInvalidURLs, maxConcurrency, appendToId, origin, integration, ...options } = parseBody(
    v1BatchBodySchema,
    request.body,
  );
  void origin, void integration;
  const { scrapeOptions, memory, v1 } = planV1Tracked(options);
  const { job, invalidURLs } = appendToId
    ? await appendToBatch(api, request.teamId, appendToId, urls, ignoreInvalidURLs)
    : await startTeamBatch(api, request.account, {
        urls,
        ignoreInvalidURLs,
        scrapeOptions,
        memory,
        rules: maxConcurrency === undefined ? {} : { maxConcurrency },
        extra: { ...(webhook ? { webhook } : {}), ...(v1 ? { v1 } : {}) },
      });
  return {
    body: {
      success: true,
      id: job.id,
      url: apiUrl(request.location, `/v1/batch/scrape/${job.id}`),
      ...(ignoreInvalidURLs ? { invalidURLs } : {}),
      ...warningOf(v1Warnings(options)),
    },
  };
};

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

/** The URLs that can be scraped; a 400 when none can, or when one cannot and invalid ones are not ignored. */
export function validUrls(urls: readonly string[], ignoreInvalidURLs: boolean): { urls: string[]; invalidURLs: string[] } {
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

import { clip, MAX_URL_LENGTH, startBatchJob } from '@trawl/core';
import { badRequest } from '../http/api-error.js';
import { apiUrl } from '../http/request-url.js';
import { pageCost, requireCredits } from '../limits/credits.js';
import { engineScrapeOptions, normalizeTargetUrl } from '../schemas/shared.js';
import { v1BatchBodySchema } from '../schemas/v1-batch.js';
import { assertJobCan } from './crawl.js';
import { parseBody } from './parse-body.js';
import type { RouteHandler } from './types.js';

/** `POST /v1/batch/scrape` (E1): queues every valid URL and answers at once. */
export const v1BatchStart: RouteHandler = async (request, api) => {
  const { urls, webhook, ignoreInvalidURLs, maxConcurrency, origin, integration, ...options } = parseBody(v1BatchBodySchema, request.body);
  void origin, void integration;
  const { valid, invalid } = partitionUrls(urls);
  if (invalid.length && !ignoreInvalidURLs) {
    throw badRequest(invalid.map(({ index, message }) => ({ code: 'invalid_url', message, path: ['urls', index] })));
  }
  if (!valid.length) throw badRequest([{ code: 'invalid_url', message: 'No valid URLs were given', path: ['urls'] }]);
  const scrapeOptions = engineScrapeOptions(options);
  assertJobCan(api, scrapeOptions);
  await requireCredits(api.store, request.teamId, pageCost(scrapeOptions) * valid.length);
  const job = await startBatchJob(valid, maxConcurrency === undefined ? {} : { maxConcurrency }, {
    store: api.store,
    teamId: request.teamId,
    retentionMs: api.retentionMs,
    scrapeOptions,
    ...(webhook ? { extra: { webhook } } : {}),
  });
  api.notifier.started(job);
  return {
    body: {
      success: true,
      id: job.id,
      url: apiUrl(request.location, `/v1/batch/scrape/${job.id}`),
      ...(ignoreInvalidURLs ? { invalidURLs: invalid.map((entry) => entry.url) } : {}),
    },
  };
};

function partitionUrls(urls: readonly string[]) {
  const valid: string[] = [];
  const invalid: Array<{ url: string; index: number; message: string }> = [];
  urls.forEach((url, index) => {
    try {
      valid.push(normalizeTargetUrl(url));
    } catch (error) {
      // A URL over the length cap is echoed only by its start.
      invalid.push({ url: url.length > MAX_URL_LENGTH ? clip(url) : url, index, message: error instanceof Error ? error.message : 'Invalid URL' });
    }
  });
  return { valid, invalid };
}

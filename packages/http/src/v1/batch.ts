import { apiUrl } from '../transport/request-url.js';
import { v1BatchBodySchema } from '../schemas/v1-batch.js';
import { planV1Tracked } from '../schemas/v1-change-tracking.js';
import { v1Warnings } from './warnings.js';
import { parseBody } from '../routes/parse-body.js';
import { startOrAppendBatch } from '../routes/start-batch.js';
import { warningOf } from '../routes/warning-of.js';
import type { RouteHandler } from '../routes/types.js';

/** `POST /v1/batch/scrape` (E1): queues every valid URL and answers at once. */
export const v1BatchStart: RouteHandler = async (request, api) => {
  const { urls, webhook, ignoreInvalidURLs, maxConcurrency, appendToId, origin, integration, ...options } = parseBody(
    v1BatchBodySchema,
    request.body,
  );
  void origin, void integration;
  const { scrapeOptions, memory, v1 } = planV1Tracked(options);
  const { job, invalidURLs } = await startOrAppendBatch(api, request.account, appendToId, {
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

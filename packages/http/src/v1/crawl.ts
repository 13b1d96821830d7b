import { apiUrl } from '../transport/request-url.js';
import { planV1Tracked } from '../schemas/v1-change-tracking.js';
import { v1CrawlBodySchema, v1CrawlRules } from '../schemas/v1-crawl.js';
import { v1Warnings } from './warnings.js';
import { parseBody } from '../routes/parse-body.js';
import { startTeamCrawl } from '../routes/start-crawl.js';
import { warningOf } from '../routes/warning-of.js';
import type { RouteHandler } from '../routes/types.js';

/** `POST /v1/crawl`: creates the job and answers at once; the worker runs it. */
export const v1CrawlStart: RouteHandler = async (request, api) => {
  const body = parseBody(v1CrawlBodySchema, request.body);
  const { scrapeOptions, memory, v1 } = planV1Tracked(body.scrapeOptions ?? {}, body);
  const job = await startTeamCrawl(api, request.account, {
    url: body.url,
    rules: v1CrawlRules(body),
    scrapeOptions,
    memory,
    extra: { ...(body.webhook ? { webhook: body.webhook } : {}), ...(v1 ? { v1 } : {}) },
  });
  return { body: { success: true, id: job.id, url: apiUrl(request.location, `/v1/crawl/${job.id}`), ...warningOf(v1Warnings(body)) } };
};

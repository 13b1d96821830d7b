import { apiUrl } from '../transport/request-url.js';
import { v2BatchBodySchema } from '../schemas/v2-batch.js';
import { v2CrawlBodySchema, v2CrawlPreviewBodySchema, v2CrawlRules } from '../schemas/v2-crawl.js';
import { crawlParamsFromPrompt } from './crawl-prompt.js';
import { planV2Scrape, type V2Shaping } from './scrape-plan.js';
import { hostedOnlyWarnings } from '../routes/hosted-only-warnings.js';
import { toV2Document, v2ShapingOf } from './v2-document.js';
import { startOrAppendBatch } from '../routes/start-batch.js';
import { startTeamCrawl } from '../routes/start-crawl.js';
import { parseV2Body } from '../routes/parse-v2-body.js';
import { jobStatus, type DocumentView } from '../routes/status.js';
import type { RouteHandler } from '../routes/types.js';
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
  const { job, invalidURLs } = await startOrAppendBatch(api, request.account, appendToId, {
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

function jobExtra(webhook: unknown, shaping: V2Shaping): Record<string, unknown> {
  return { ...(webhook ? { webhook } : {}), v2: shaping };
}

const v2Documents: DocumentView = (documents, job) => {
  const shaping = v2ShapingOf(job);
  return documents.map((document) => toV2Document(document, shaping));
};

export const v2CrawlStatus = jobStatus('/v2/crawl', v2Documents);
export const v2BatchStatus = jobStatus('/v2/batch/scrape', v2Documents);

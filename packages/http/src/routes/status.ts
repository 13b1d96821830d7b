import { cancelJob, readErrorsReport, readStatusPage, toV1JobStatus } from '@trawl/core/server';
import type { Document } from '@trawl/core';
import type { JobKind, JobRecord } from '@trawl/core/ports';
import { ApiError, MESSAGES, badRequest, codedError } from '../transport/api-error.js';
import { apiUrl } from '../transport/request-url.js';
import { findTeamJob } from './find-job.js';
import type { RouteHandler } from './types.js';

/** Crawl and batch ids answer on both paths: the official 1.x SDK polls batches through `/v1/crawl/{id}`. */
const JOB_KINDS: readonly JobKind[] = ['crawl', 'batch_scrape'];

/** How a version shows a job's documents (v2 adds its formats to core's Document). */
export type DocumentView = (documents: Document[], job: JobRecord) => unknown[];

/**
 * `GET /v1/crawl/{id}` and `GET /v1/batch/scrape/{id}` (E2, E11), and their v2 twins: the status
 * and one page of documents; `next` (absent once everything was read) continues where this page ended.
 */
export function jobStatus(
  pathBase: '/v1/crawl' | '/v1/batch/scrape' | '/v2/crawl' | '/v2/batch/scrape',
  view?: DocumentView,
): RouteHandler {
  return async (request, api) => {
    const job = await findTeamJob(api.runtime.store, request.params.id!, request.teamId, JOB_KINDS);
    const skip = queryInteger(request.location.query, 'skip', 0);
    const limit = queryInteger(request.location.query, 'limit', 1);
    const page = await readStatusPage(api.runtime.store, job, { skip: skip ?? 0, ...(limit === undefined ? {} : { limit }) });
    const next = page.next === undefined ? {} : { next: apiUrl(request.location, `${pathBase}/${job.id}`, { skip: page.next, limit }) };
    return { body: { success: true, ...toV1JobStatus(job), ...next, data: view ? view(page.documents, job) : page.documents } };
  };
}

/** `GET` (and the SDK's `DELETE`) `…/{id}/errors` (E3): failed pages and robots-blocked URLs. */
export const jobErrors: RouteHandler = async (request, api) => {
  const job = await findTeamJob(api.runtime.store, request.params.id!, request.teamId, JOB_KINDS);
  return { body: await readErrorsReport(api.runtime.store, job.id) };
};

/**
 * `DELETE /v1/crawl/{id}` (E12) and `DELETE /v1/batch/scrape/{id}`, and their v2 twins:
 * `{status:"cancelled"}`. A job that already completed is a 409, as Firecrawl answers (its SDKs
 * turn it into an error, so a script can tell a cancel that stopped nothing).
 */
export function jobCancel(notFoundMessage: string): RouteHandler {
  return async (request, api) => {
    const missing = new ApiError(404, notFoundMessage, { kind: 'spec' });
    const job = await findTeamJob(api.runtime.store, request.params.id!, request.teamId, JOB_KINDS, missing);
    const outcome = await cancelJob(api.runtime.store, job.id, { retentionMs: api.runtime.retentionMs });
    if (outcome.outcome === 'not_found') throw missing;
    if (outcome.outcome === 'cancelled') api.notifier.cancelled(outcome.job);
    if (outcome.job.status === 'completed') {
      // Firecrawl's text for a crawl; a batch is named as what it is.
      throw codedError('JOB_ALREADY_COMPLETED', `${outcome.job.kind === 'batch_scrape' ? 'Batch scrape' : 'Crawl'} is already completed`);
    }
    // A job that had already failed or been cancelled says how it ended; cancelling it changes nothing.
    return { body: { status: outcome.job.status } };
  };
}

export const CANCEL_NOT_FOUND = { crawl: MESSAGES.crawlJobNotFound, batch: MESSAGES.jobNotFound } as const;

function queryInteger(query: URLSearchParams, name: string, min: number): number | undefined {
  const raw = query.get(name);
  if (raw === null || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw badRequest([{ code: 'invalid_query', message: `${name} must be an integer of at least ${min}`, path: [name] }]);
  }
  return value;
}

import type { JobKind, JobRecord } from '@trawl/core/ports';
import { v2AgentListQuerySchema } from '../schemas/v2-agent.js';
import { parseV2Body } from './parse-v2-body.js';
import type { RouteHandler } from './types.js';

/** Jobs one list page holds, as `GET /v2/agent` (the next page is asked with `before`). */
export const JOB_LIST_PAGE = 50;

/** The URL a job started from: a crawl's or llms.txt's site, a batch's or extract's first URL. */
function startUrlOf(job: JobRecord): string | undefined {
  const options = job.options as { url?: unknown; urls?: unknown; request?: { url?: unknown; urls?: unknown } } | undefined;
  const source = job.kind === 'extract' || job.kind === 'llmstxt' ? options?.request : options;
  if (typeof source?.url === 'string') return source.url;
  if (Array.isArray(source?.urls) && typeof source.urls[0] === 'string') return source.urls[0];
  return undefined;
}

/** One row of a job list: what a dashboard shows without reading the job's pages. */
export function toJobListItem(job: JobRecord) {
  const url = startUrlOf(job);
  return {
    id: job.id,
    status: job.status,
    ...(url === undefined ? {} : { url }),
    createdAt: new Date(job.createdAt).toISOString(),
    expiresAt: new Date(job.expiresAt).toISOString(),
    completed: job.counters.completed,
    total: job.counters.total,
    failed: job.counters.failed,
    creditsUsed: job.counters.creditsUsed,
  };
}

/**
 * `GET /v2/agent`, `/v2/crawl`, `/v2/batch/scrape`, `/v2/extract`, `/v1/llmstxt`: the caller's
 * team's jobs of one kind, newest first, a page at a time (`field` holds the rows, `next` the URL
 * of the older ones: `before` the last row's creation time and `beforeId` its id). Only the team's own jobs: the store lists by team.
 */
export function teamJobList(kind: JobKind, field: string, path: string, toItem: (job: JobRecord) => unknown = toJobListItem): RouteHandler {
  return async (request, api) => {
    const { before, beforeId } = parseV2Body(v2AgentListQuerySchema, Object.fromEntries(request.location.query));
    const jobs = await api.runtime.store.jobs.listByTeam({
      teamId: request.teamId,
      kind,
      limit: JOB_LIST_PAGE + 1,
      ...(before ? { before, ...(beforeId ? { beforeId } : {}) } : {}),
    });
    const page = jobs.slice(0, JOB_LIST_PAGE);
    const last = page[page.length - 1];
    return {
      body: {
        success: true,
        [field]: page.map(toItem),
        ...(jobs.length > JOB_LIST_PAGE && last
          ? {
              // The id too: jobs created in the same millisecond as the last one must not be skipped.
              next: `${request.location.origin}${request.location.mountPrefix}${path}?before=${last.createdAt}&beforeId=${encodeURIComponent(last.id)}`,
            }
          : {}),
      },
    };
  };
}

import { specOf } from '@trawl/core/server';
import type { RouteHandler } from './types.js';

/** Running crawls listed at most (a team rarely has more than a few). */
const MAX_ACTIVE_CRAWLS = 1000;

/** `GET /v2/crawl/active` (and v1's): the team's crawls still running, oldest first. */
export const activeCrawls: RouteHandler = async (request, api) => {
  const running = await api.runtime.store.jobs.listRunning({ teamId: request.teamId, kind: 'crawl', limit: MAX_ACTIVE_CRAWLS });
  const crawls = running.map((job) => {
    const spec = specOf(job);
    return { id: job.id, teamId: job.teamId, url: spec.url, options: { ...spec.rules, scrapeOptions: spec.scrapeOptions } };
  });
  return { body: { success: true, crawls } };
};

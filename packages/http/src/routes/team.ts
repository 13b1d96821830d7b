import type { JobRecord, Store } from '@trawl/core';
import { ApiError } from '../http/api-error.js';
import { UNLIMITED_CREDITS_DISPLAY } from '../limits/credits.js';
import type { ApiContext, RouteHandler } from './types.js';

/**
 * The team endpoints of v1 (E10 and what newer 1.x clients call) and v2. A team without a limit
 * shows a large number, as self-hosted Firecrawl does. There are no billing periods: the balance
 * is the one the server was started with, less what was spent.
 */

/** Jobs whose queues count towards a team's queue status, listed at most. */
const MAX_QUEUED_JOBS = 1000;
const NOT_METERED = 'LLM tokens are not limited or metered per team by this server: token figures show no limit and no use';

interface CreditFigures {
  remaining: number;
  plan: number;
  /** Known only for a team with a starting balance. */
  used: number | undefined;
}

async function creditFigures(api: ApiContext, teamId: string): Promise<CreditFigures> {
  let balance: number | null;
  try {
    balance = await api.store.teams.getCredits(teamId);
  } catch (cause) {
    throw new ApiError(500, 'Internal server error while fetching credit usage', { kind: 'spec', cause });
  }
  if (balance === null) return { remaining: UNLIMITED_CREDITS_DISPLAY, plan: UNLIMITED_CREDITS_DISPLAY, used: undefined };
  const start = api.startingCredits[teamId];
  return { remaining: balance, plan: start ?? balance, used: start === undefined ? undefined : Math.max(0, start - balance) };
}

/** `GET /v1/team/credit-usage` (E10): snake_case, as v1 answers. */
export const v1CreditUsage: RouteHandler = async (request, api) => {
  const credits = await creditFigures(api, request.teamId);
  return { body: { success: true, data: { remaining_credits: credits.remaining, plan_credits: credits.plan, billing_period_start: null, billing_period_end: null } } };
};

/** `GET /v2/team/credit-usage`: camelCase, as v2 answers. */
export const v2CreditUsage: RouteHandler = async (request, api) => {
  const credits = await creditFigures(api, request.teamId);
  return { body: { success: true, data: { remainingCredits: credits.remaining, planCredits: credits.plan, billingPeriodStart: null, billingPeriodEnd: null } } };
};

/** `GET …/team/credit-usage/historical`: one period, the server's life; credits are not kept per API key. */
export const creditUsageHistorical: RouteHandler = async (request, api) => {
  const credits = await creditFigures(api, request.teamId);
  const warnings: string[] = [];
  if (credits.used === undefined) warnings.push('credits used are known only for teams with a starting balance (TRAWL_CREDITS)');
  if (request.location.query.get('byApiKey') === 'true') warnings.push('credits are kept per team, not per API key');
  return {
    body: {
      success: true,
      periods: [{ startDate: null, endDate: null, creditsUsed: credits.used ?? 0 }],
      ...(warnings.length ? { warning: warnings.join('; ') } : {}),
    },
  };
};

/** `GET /v1/team/token-usage`. */
export const v1TokenUsage: RouteHandler = async () => ({
  body: { success: true, data: { remaining_tokens: UNLIMITED_CREDITS_DISPLAY, plan_tokens: UNLIMITED_CREDITS_DISPLAY, billing_period_start: null, billing_period_end: null }, warning: NOT_METERED },
});

/** `GET /v2/team/token-usage`. */
export const v2TokenUsage: RouteHandler = async () => ({
  body: { success: true, data: { remainingTokens: UNLIMITED_CREDITS_DISPLAY, planTokens: UNLIMITED_CREDITS_DISPLAY, billingPeriodStart: null, billingPeriodEnd: null }, warning: NOT_METERED },
});

/** `GET …/team/token-usage/historical`. */
export const tokenUsageHistorical: RouteHandler = async () => ({
  body: { success: true, periods: [{ startDate: null, endDate: null, tokensUsed: 0 }], warning: NOT_METERED },
});

interface QueueFigures {
  waiting: number;
  active: number;
}

/** Pages waiting and pages being scraped, over the team's running crawls and batches. */
async function teamQueue(store: Store, teamId: string): Promise<QueueFigures> {
  const jobs: JobRecord[] = [
    ...(await store.jobs.listRunning({ teamId, kind: 'crawl', limit: MAX_QUEUED_JOBS })),
    ...(await store.jobs.listRunning({ teamId, kind: 'batch_scrape', limit: MAX_QUEUED_JOBS })),
  ];
  const stats = await Promise.all(jobs.map((job) => store.frontier.stats(job.id)));
  return stats.reduce<QueueFigures>((sum, { pending, leased }) => ({ waiting: sum.waiting + pending, active: sum.active + leased }), { waiting: 0, active: 0 });
}

/** `GET …/team/queue-status`: the team's pages queued in its running crawls and batches. */
export const queueStatus: RouteHandler = async (request, api) => {
  const queue = await teamQueue(api.store, request.teamId);
  return {
    body: {
      success: true,
      jobsInQueue: queue.waiting + queue.active,
      activeJobsInQueue: queue.active,
      waitingJobsInQueue: queue.waiting,
      maxConcurrency: api.workerConcurrency,
      mostRecentSuccess: null,
    },
  };
};

/** `GET /v2/concurrency-check`: pages of the team being scraped now, and how many this server runs at once. */
export const concurrencyCheck: RouteHandler = async (request, api) => {
  const queue = await teamQueue(api.store, request.teamId);
  return { body: { success: true, concurrency: queue.active, maxConcurrency: api.workerConcurrency } };
};

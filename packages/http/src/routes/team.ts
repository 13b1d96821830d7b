import type { JobRecord, Store } from '@trawl/core/ports';
import { ApiError } from '../transport/api-error.js';
import { UNLIMITED_CREDITS_DISPLAY } from '../limits/credits.js';
import { currentPeriod, usagePeriods, type UsageMetric, type UsagePeriod } from '../limits/usage-periods.js';
import type { ApiContext, RouteHandler, RouteRequest } from './types.js';

/**
 * The team endpoints of v1 (E10 and what newer 1.x clients call) and v2. A team without a limit
 * shows a large number, as self-hosted Firecrawl does. The balance has no billing period: it is
 * the one the server was started with, less what was spent. The usage history (credits charged,
 * LLM tokens used) is recorded per team and API key and answered by calendar month.
 */

/** Jobs whose queues count towards a team's queue status, listed at most. */
const MAX_QUEUED_JOBS = 1000;
const NOT_LIMITED = 'LLM tokens are metered per team and API key, not limited: remaining and plan tokens show no limit';

interface CreditFigures {
  remaining: number;
  plan: number;
}

async function creditFigures(api: ApiContext, teamId: string): Promise<CreditFigures> {
  let balance: number | null;
  try {
    balance = await api.runtime.store.teams.getCredits(teamId);
  } catch (cause) {
    throw new ApiError(500, 'Internal server error while fetching credit usage', { kind: 'spec', cause });
  }
  if (balance === null) return { remaining: UNLIMITED_CREDITS_DISPLAY, plan: UNLIMITED_CREDITS_DISPLAY };
  return { remaining: balance, plan: api.startingCredits[teamId] ?? balance };
}

/** `GET /v1/team/credit-usage` (E10): snake_case, as v1 answers. */
export const v1CreditUsage: RouteHandler = async (request, api) => {
  const credits = await creditFigures(api, request.teamId);
  return {
    body: {
      success: true,
      data: { remaining_credits: credits.remaining, plan_credits: credits.plan, billing_period_start: null, billing_period_end: null },
    },
  };
};

/** `GET /v2/team/credit-usage`: camelCase, as v2 answers. */
export const v2CreditUsage: RouteHandler = async (request, api) => {
  const credits = await creditFigures(api, request.teamId);
  return {
    body: {
      success: true,
      data: { remainingCredits: credits.remaining, planCredits: credits.plan, billingPeriodStart: null, billingPeriodEnd: null },
    },
  };
};

/** The team's usage by month (by month and key with `byApiKey`), from the recorded history. */
async function periodsOf(api: ApiContext, teamId: string, byApiKey: boolean, metric: UsageMetric): Promise<UsagePeriod[]> {
  try {
    return await usagePeriods(api.runtime.store, teamId, byApiKey, metric);
  } catch (cause) {
    throw new ApiError(500, 'Internal server error while fetching usage history', { kind: 'spec', cause });
  }
}

const history = (request: RouteRequest, api: ApiContext, metric: UsageMetric) =>
  periodsOf(api, request.teamId, request.location.query.get('byApiKey') === 'true', metric);

/** `GET …/team/credit-usage/historical`: credits charged per month, to the team or to each of its keys. */
export const creditUsageHistorical: RouteHandler = async (request, api) => {
  const periods = await history(request, api, 'credits');
  return {
    body: {
      success: true,
      periods: periods.map(({ startDate, endDate, apiKey, credits }) => ({
        startDate,
        endDate,
        ...(apiKey === undefined ? {} : { apiKey }),
        creditsUsed: credits,
      })),
    },
  };
};

/** `GET …/team/token-usage/historical`: LLM tokens used per month (the provider's counts), by the team or each of its keys. */
export const tokenUsageHistorical: RouteHandler = async (request, api) => {
  const periods = await history(request, api, 'tokens');
  return {
    body: {
      success: true,
      periods: periods.map(({ startDate, endDate, apiKey, inputTokens, outputTokens, totalTokens }) => ({
        startDate,
        endDate,
        ...(apiKey === undefined ? {} : { apiKey }),
        tokensUsed: totalTokens,
        inputTokens,
        outputTokens,
      })),
    },
  };
};

/** This month's period and the tokens the team used in it. */
async function tokenFigures(request: RouteRequest, api: ApiContext): Promise<{ start: string; end: string; used: number }> {
  const { start, end } = currentPeriod();
  const periods = await periodsOf(api, request.teamId, false, 'tokens');
  return { start, end, used: periods.find((period) => period.startDate === start)?.totalTokens ?? 0 };
}

/** `GET /v1/team/token-usage`: tokens are not limited; the period is this month, `tokens_used` what the team used in it. */
export const v1TokenUsage: RouteHandler = async (request, api) => {
  const tokens = await tokenFigures(request, api);
  return {
    body: {
      success: true,
      data: {
        remaining_tokens: UNLIMITED_CREDITS_DISPLAY,
        plan_tokens: UNLIMITED_CREDITS_DISPLAY,
        billing_period_start: tokens.start,
        billing_period_end: tokens.end,
        tokens_used: tokens.used,
      },
      warning: NOT_LIMITED,
    },
  };
};

/** `GET /v2/team/token-usage`: as v1's, in camelCase. */
export const v2TokenUsage: RouteHandler = async (request, api) => {
  const tokens = await tokenFigures(request, api);
  return {
    body: {
      success: true,
      data: {
        remainingTokens: UNLIMITED_CREDITS_DISPLAY,
        planTokens: UNLIMITED_CREDITS_DISPLAY,
        billingPeriodStart: tokens.start,
        billingPeriodEnd: tokens.end,
        tokensUsed: tokens.used,
      },
      warning: NOT_LIMITED,
    },
  };
};

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
  return stats.reduce<QueueFigures>((sum, { pending, leased }) => ({ waiting: sum.waiting + pending, active: sum.active + leased }), {
    waiting: 0,
    active: 0,
  });
}

/** `GET …/team/queue-status`: the team's pages queued in its running crawls and batches. */
export const queueStatus: RouteHandler = async (request, api) => {
  const queue = await teamQueue(api.runtime.store, request.teamId);
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
  const queue = await teamQueue(api.runtime.store, request.teamId);
  return { body: { success: true, concurrency: queue.active, maxConcurrency: api.workerConcurrency } };
};

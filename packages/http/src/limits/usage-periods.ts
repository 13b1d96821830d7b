/**
 * The usage history as the team endpoints answer it: a period per UTC calendar month, from the
 * Store's usage rows (core's credits/usage.ts records them), for the team or per API key.
 */
import { nextUsagePeriod, usagePeriod } from '@trawl/core/server';
import type { Store, UsageRow } from '@trawl/core/ports';

export interface UsagePeriod {
  startDate: string;
  endDate: string;
  /** The key's label; absent on team totals and on what keyless requests (an open server) used. */
  apiKey?: string;
  credits: number;
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
}

/** What a history is about: credits charged, or LLM tokens used. */
export type UsageMetric = 'credits' | 'tokens';

/**
 * The team's usage by month, oldest first: every recorded month and the current one (at 0 when
 * nothing was used yet). `byApiKey`: a period per month and key that used some of `metric`, by key.
 */
export async function usagePeriods(
  store: Store,
  teamId: string,
  byApiKey: boolean,
  metric: UsageMetric,
  now: number = Date.now(),
): Promise<UsagePeriod[]> {
  const sums = new Map<string, UsageRow>();
  const sumOf = (period: number, apiKey: string | null): UsageRow => {
    const id = `${period}|${apiKey ?? ''}`;
    let sum = sums.get(id);
    if (!sum) sums.set(id, (sum = { period, apiKey, credits: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0 }));
    return sum;
  };
  if (!byApiKey) sumOf(usagePeriod(now), null);
  for (const row of await store.teams.listUsage(teamId)) {
    const apiKey = byApiKey ? row.apiKey : null;
    const sum = sumOf(row.period, apiKey);
    sum.credits += row.credits;
    sum.inputTokens += row.inputTokens;
    sum.outputTokens += row.outputTokens;
    sum.totalTokens += row.totalTokens;
  }
  const used = (sum: UsageRow) => (metric === 'credits' ? sum.credits : sum.totalTokens) > 0;
  return [...sums.values()]
    .filter((sum) => !byApiKey || used(sum))
    .sort((a, b) => a.period - b.period || (a.apiKey ?? '').localeCompare(b.apiKey ?? ''))
    .map(({ period, apiKey, ...amounts }) => ({
      startDate: new Date(period).toISOString(),
      endDate: new Date(nextUsagePeriod(period)).toISOString(),
      ...(apiKey === null ? {} : { apiKey }),
      ...amounts,
    }));
}

/** The current period's bounds, as ISO dates. */
export function currentPeriod(now: number = Date.now()): { start: string; end: string } {
  const start = usagePeriod(now);
  return { start: new Date(start).toISOString(), end: new Date(nextUsagePeriod(start)).toISOString() };
}

/**
 * The usage history: what each team, and each API key of it, was charged in credits and used in
 * LLM tokens, filed by UTC calendar month in the Store's team ledger. The team endpoints
 * (`/v2/team/credit-usage/historical`, `/v2/team/token-usage…`) answer from it.
 */
import type { LlmUsage } from '../ports/llm.js';
import type { TeamLedger, UsageAmounts } from '../ports/store.js';

/** Who pays for a piece of work: a team, and a label of the API key that asked (null: none, as on an open server). */
export interface Account {
  teamId: string;
  apiKey: string | null;
}

/** The period usage at `at` is filed under: the first instant (epoch ms) of its UTC calendar month. */
export function usagePeriod(at: number): number {
  const date = new Date(at);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

/** The first instant of the period after `period`. */
export function nextUsagePeriod(period: number): number {
  const date = new Date(period);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}

/**
 * Adds what a piece of work used to its account's history; amounts that are all 0 write nothing.
 * With `once` (a settlement's id), the add counts once however often it is tried.
 */
export async function recordUsage(
  teams: TeamLedger,
  account: Account,
  amounts: Partial<UsageAmounts>,
  at: number = Date.now(),
  once?: string,
): Promise<void> {
  if (!Object.values(amounts).some((amount) => amount > 0)) return;
  await teams.addUsage(account.teamId, { period: usagePeriod(at), apiKey: account.apiKey }, amounts, once);
}

/** Records the tokens a model reported. */
export function recordTokens(teams: TeamLedger, account: Account, usage: LlmUsage): Promise<void> {
  return recordUsage(teams, account, { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens, totalTokens: usage.totalTokens });
}

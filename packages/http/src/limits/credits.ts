import type { ScrapeOptionsInput, Store } from '@trawl/core';
import { paymentRequired } from '../http/api-error.js';

/** What things cost, in credits (Firecrawl's prices). */
export const CREDIT_COSTS = {
  page: 1,
  /** A page with the LLM-backed `json` format. */
  jsonPage: 5,
  map: 1,
  searchResult: 1,
} as const;

/** Shown as the balance of a team without a limit (self-hosted Firecrawl shows the same). */
export const UNLIMITED_CREDITS_DISPLAY = 99_999_999;

export function pageCost(scrapeOptions: Pick<ScrapeOptionsInput, 'formats'> | undefined): number {
  return scrapeOptions?.formats?.includes('json') ? CREDIT_COSTS.jsonPage : CREDIT_COSTS.page;
}

/** Refuses with 402 when the team cannot pay `amount`; resolves the balance (null = unlimited). */
export async function requireCredits(store: Store, teamId: string, amount: number): Promise<number | null> {
  const balance = await store.teams.getCredits(teamId);
  if (balance !== null && balance < amount) throw paymentRequired();
  return balance;
}

/**
 * Bills work already done. Billing follows the work (as Firecrawl bills), so a refused debit
 * (the balance ran out meanwhile) only means the balance stays where it is.
 */
export async function charge(store: Store, teamId: string, amount: number): Promise<void> {
  if (amount > 0) await store.teams.debit(teamId, amount);
}

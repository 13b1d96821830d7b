import { reserveHold, STEALTH_PROXY_CREDITS, usedStealthProxy, type Account, type AccountHold } from '@trawl/core/server';
import type { Document, ScrapeOptionsInput } from '@trawl/core';
import type { Store } from '@trawl/core/ports';
import { paymentRequired } from '../transport/api-error.js';

/** What things cost, in credits (Firecrawl's prices). */
export const CREDIT_COSTS = {
  page: 1,
  /** A page with an LLM-backed format: `json`, or v2's `question`. */
  jsonPage: 5,
  map: 1,
  searchResult: 1,
} as const;

/** Shown as the balance of a team without a limit (self-hosted Firecrawl shows the same). */
export const UNLIMITED_CREDITS_DISPLAY = 99_999_999;

export function pageCost(scrapeOptions: Pick<ScrapeOptionsInput, 'formats' | 'question'> | undefined): number {
  return scrapeOptions?.formats?.includes('json') || scrapeOptions?.question !== undefined ? CREDIT_COSTS.jsonPage : CREDIT_COSTS.page;
}

/**
 * A scrape's most and what it costs once done: `cost`, plus Firecrawl's stealth price when the
 * page was read through the stealth proxy (`proxy: "stealth"`, or `"auto"` when the escalation
 * ladder needed it; a copy from the page memory is not read again, so not charged again).
 */
export function scrapePrice(
  cost: number,
  scrapeOptions: Pick<ScrapeOptionsInput, 'proxy'>,
): { most: number; costOf: (document: Document) => number } {
  const mayUseStealth = scrapeOptions.proxy === 'auto' || scrapeOptions.proxy === 'stealth';
  return {
    most: cost + (mayUseStealth ? STEALTH_PROXY_CREDITS : 0),
    costOf: (document) => cost + (usedStealthProxy(document) && document.metadata.cacheState !== 'hit' ? STEALTH_PROXY_CREDITS : 0),
  };
}

/**
 * Refuses with 402 when the team cannot pay `amount` now; resolves the balance (null = unlimited).
 * Only a first answer for jobs: their pages reserve their own credits as they run, so this check
 * never decides alone what gets spent.
 */
export async function requireCredits(store: Store, teamId: string, amount: number): Promise<number | null> {
  const balance = await store.teams.getCredits(teamId);
  if (balance !== null && balance < amount) throw paymentRequired();
  return balance;
}

export interface UnitPrice {
  /** Credits per unit (page, result). */
  unitCost: number;
  /** Units the request asks for. */
  units: number;
  /** Credits on top of the units, whatever their number (default 0). */
  fixed?: number;
}

/**
 * Reserves `fixed + unitCost × units`, or, when the balance cannot cover it, `fixed` and as many
 * whole units as it can: resolves the hold and the units it pays for. 402 when not even one unit
 * is covered. (Firecrawl shrinks a request to what the team can pay the same way.)
 */
export async function reserveUnits(store: Store, account: Account, price: UnitPrice): Promise<{ hold: AccountHold; units: number }> {
  const { unitCost, units, fixed = 0 } = price;
  const { teamId, apiKey } = account;
  const all = await reserveHold(store.teams, teamId, fixed + unitCost * units);
  if (all.hold) return { hold: { ...all.hold, apiKey }, units };
  const affordable = Math.min(units, Math.floor(((all.remaining ?? 0) - fixed) / unitCost));
  if (affordable >= 1) {
    // The balance may fall meanwhile (other requests reserve too): then this one is refused.
    const some = await reserveHold(store.teams, teamId, fixed + unitCost * affordable);
    if (some.hold) return { hold: { ...some.hold, apiKey }, units: affordable };
  }
  throw paymentRequired();
}

/**
 * The credit model: reserve the most a piece of work can cost before it runs, settle its real
 * cost after it, release the hold when it fails (unless the failure did the work: a conversion
 * stopped at its deadline or memory limit is charged the hold, see used-work.ts). The reservation is one atomic step in the
 * store, so concurrent requests (on any number of API nodes and workers) can never spend more
 * than the balance, and no work runs unpaid.
 */
import { TrawlError } from '../errors.js';
import type { TeamLedger } from '../ports/store.js';
import type { AccountHold } from './account-hold.js';
import { isChargedFailure } from './used-work.js';
import { reserveHold } from './hold-owner.js';
import { settleOrKeep } from './pending-settlements.js';
import type { Account } from './usage.js';

export type { AccountHold } from './account-hold.js';

export function insufficientCredits(): TrawlError {
  return new TrawlError('INSUFFICIENT_CREDITS', "Insufficient credits: the team's balance cannot pay for this work.");
}

/**
 * Holds `most` of the account's team credits for work about to run, owned by this process (a hold
 * of a killed process is reclaimed, see hold-keeper.ts); INSUFFICIENT_CREDITS (402) when the
 * balance cannot cover it.
 */
export async function reserveCredits(teams: TeamLedger, account: Account, most: number): Promise<AccountHold> {
  const { hold } = await reserveHold(teams, account.teamId, most);
  if (!hold) throw insufficientCredits();
  return { ...hold, apiKey: account.apiKey };
}

/**
 * Settles a hold at `cost` (0 releases it) and records what was charged in the usage history of
 * its team and key: at most the hold, or the whole cost for an unlimited team (whose hold is empty
 * and needs no store call to settle). During a store outage the settlement is kept and done when
 * the store answers again (pending-settlements.ts), so the call does not throw for one.
 */
export async function settleCredits(teams: TeamLedger, hold: AccountHold, cost: number): Promise<void> {
  await settleOrKeep(teams, hold, cost);
}

/**
 * Runs `work` paid by a hold: reserves `most`, runs the work, settles at `costOf(result)`
 * (default `most`), or releases the whole hold when the work throws (settles at `most` when the
 * failure is a charged one).
 */
export async function spendCredits<T>(
  teams: TeamLedger,
  account: Account,
  most: number,
  work: () => Promise<T>,
  costOf: (result: T) => number = () => most,
): Promise<T> {
  return spendHold(teams, await reserveCredits(teams, account, most), work, costOf, most);
}

/**
 * Runs `work` paid by a hold already taken: settles at `costOf(result)`, or when the work throws
 * releases the hold, or settles it at `failedCost` (default: the hold) for a charged failure.
 */
export async function spendHold<T>(
  teams: TeamLedger,
  hold: AccountHold,
  work: () => Promise<T>,
  costOf: (result: T) => number,
  failedCost: number = hold.amount,
): Promise<T> {
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await settleCredits(teams, hold, isChargedFailure(error) ? failedCost : 0);
    throw error;
  }
  await settleCredits(teams, hold, costOf(result));
  return result;
}

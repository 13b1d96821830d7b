import type { CreditHold, UsageAmounts, UsageSlot } from './store.js';

/** Argument checks for Store implementations: misuse rejects instead of corrupting stored state. */
export function requireInteger(name: string, value: number, min: number): void {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new RangeError(`${name} must be an integer >= ${min}, got ${String(value)}`);
  }
}

export function requireFinite(name: string, value: number, min: number): void {
  if (!Number.isFinite(value) || value < min) {
    throw new RangeError(`${name} must be a finite number >= ${min}, got ${String(value)}`);
  }
}

/** What settling `hold` at `cost` gives back: the unspent part of the hold (checks both). */
export function refundOf(hold: CreditHold, cost: number): number {
  requireFinite('hold.amount', hold.amount, 0);
  requireFinite('cost', cost, 0);
  return Math.max(0, hold.amount - cost);
}

/** Checks a usage slot and its amounts (see TeamLedger.addUsage) and fills the absent amounts with 0. */
export function usageAmounts(slot: UsageSlot, amounts: Partial<UsageAmounts>): UsageAmounts {
  requireInteger('period', slot.period, Number.MIN_SAFE_INTEGER);
  if (slot.apiKey === '') throw new RangeError('apiKey must be null or a non-empty string');
  const full = {
    credits: amounts.credits ?? 0,
    inputTokens: amounts.inputTokens ?? 0,
    outputTokens: amounts.outputTokens ?? 0,
    totalTokens: amounts.totalTokens ?? 0,
  };
  requireFinite('credits', full.credits, 0);
  requireInteger('inputTokens', full.inputTokens, 0);
  requireInteger('outputTokens', full.outputTokens, 0);
  requireInteger('totalTokens', full.totalTokens, 0);
  return full;
}

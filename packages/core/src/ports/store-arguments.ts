import type { CreditHold } from './store.js';

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

import type { CheckRetention, CreditHold, HoldOwner, JobListQuery, PageSnapshot, UsageAmounts, UsageSlot } from './store.js';

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

/** How long a store remembers a settled or reclaimed hold and a usage add's `once` id: longer than any settlement waits out an outage. */
export const SETTLED_KEPT_MS = 7 * 24 * 3_600_000;

/** Checks a hold's owner (see HoldOwner). */
export function requireOwner(owner: HoldOwner): void {
  if (typeof owner.id !== 'string' || owner.id.length === 0) throw new RangeError('owner.id must be a non-empty string');
  requireInteger('owner.leaseMs', owner.leaseMs, 1);
}

/** Checks a usage add's `once` id: absent, or a non-empty string. */
export function requireOnceId(once: string | undefined): void {
  if (once !== undefined && (typeof once !== 'string' || once.length === 0)) throw new RangeError('once must be a non-empty string');
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

/** Checks what `PageMemory.remember` is given. */
export function requireSnapshot(snapshot: PageSnapshot, keep: number): void {
  if (typeof snapshot.key !== 'string' || snapshot.key.length === 0 || snapshot.key.length > 1024) {
    throw new RangeError('key must be a string of 1 to 1,024 characters');
  }
  if (typeof snapshot.teamId !== 'string') throw new RangeError('teamId must be a string');
  requireInteger('scrapedAt', snapshot.scrapedAt, Number.MIN_SAFE_INTEGER);
  requireInteger('keep', keep, 1);
}

/** Checks a page of a list (offset from 0, limit from 1). */
export function requirePage(page: { offset: number; limit: number }): void {
  requireInteger('offset', page.offset, 0);
  requireInteger('limit', page.limit, 1);
}

/** Checks a monitor's due time: an integer, or null while paused. */
export function requireDueTime(nextRunAt: number | null | undefined): void {
  if (nextRunAt !== null && nextRunAt !== undefined) requireInteger('nextRunAt', nextRunAt, Number.MIN_SAFE_INTEGER);
}

/**
 * Checks `saveCheck`'s retention and gives the creation time before which checks go (`now` -
 * `maxAgeMs`), or null when only the count bounds them.
 */
export function checkCutoff(retention: CheckRetention, now: number): number | null {
  requireInteger('keep', retention.keep, 1);
  if (retention.maxAgeMs === undefined) return null;
  requireInteger('maxAgeMs', retention.maxAgeMs, 1);
  return now - retention.maxAgeMs;
}

/**
 * Whether a job belongs after a `listByTeam` page's cursor (`before`, `beforeId`): created before
 * `before`, or at it with a smaller id. True for every job when there is no cursor.
 */
export function isPastListCursor(job: { createdAt: number; id: string }, query: JobListQuery): boolean {
  if (query.before === undefined) return true;
  if (job.createdAt !== query.before) return job.createdAt < query.before;
  return query.beforeId !== undefined && job.id < query.beforeId;
}

import { isTrawlError } from '@trawl/core';
import type { RateLimitResult, Store } from '@trawl/core/ports';
import { RATE_LIMIT_CLASSES, type RateLimitClass, type RateLimits } from '@trawl/core/settings';
import { rateLimited } from '../transport/api-error.js';

export { RATE_LIMIT_CLASSES, type RateLimitClass, type RateLimits };

const WINDOW_MS = 60_000;

/**
 * Limits in force when the operator sets none for a class: status reads (`GET` of crawls, batches,
 * extracts, scrapes, monitors…) are cheap one at a time but a flood of them is not, so they are
 * capped per team even on a server with no other limits. `TRAWL_RATE_LIMITS=status=N` replaces it.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = { status: 3000 };

/**
 * Counts one request of `team` against its class budget. The counters live in the Store's team
 * ledger, so every API node sharing the store shares them.
 */
export async function enforceRateLimit(store: Store, limits: RateLimits, rateClass: RateLimitClass, teamId: string): Promise<void> {
  const limit = limits[rateClass];
  if (limit === undefined) return;
  let result: RateLimitResult;
  try {
    result = await store.teams.hit(`rate:${rateClass}:${teamId}`, limit, WINDOW_MS);
  } catch (error) {
    // A full store cannot count, but it still answers reads: let the request through uncounted,
    // so status reads keep working while the work that writes is refused with STORAGE_FULL.
    if (isTrawlError(error) && error.code === 'STORAGE_FULL') return;
    throw error;
  }
  if (!result.allowed) throw rateLimited(result.retryAfterMs);
}

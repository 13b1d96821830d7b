import type { Store } from '@trawl/core';
import { RATE_LIMIT_CLASSES, type RateLimitClass, type RateLimits } from '@trawl/core/settings';
import { rateLimited } from '../http/api-error.js';

export { RATE_LIMIT_CLASSES, type RateLimitClass, type RateLimits };

const WINDOW_MS = 60_000;

/**
 * Counts one request of `team` against its class budget. The counters live in the Store's team
 * ledger, so every API node sharing the store shares them.
 */
export async function enforceRateLimit(store: Store, limits: RateLimits, rateClass: RateLimitClass, teamId: string): Promise<void> {
  const limit = limits[rateClass];
  if (limit === undefined) return;
  const result = await store.teams.hit(`rate:${rateClass}:${teamId}`, limit, WINDOW_MS);
  if (!result.allowed) throw rateLimited(result.retryAfterMs);
}

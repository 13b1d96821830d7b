import type { Store } from '@trawl/core';
import { rateLimited } from '../http/api-error.js';

/** Endpoint classes, each with its own requests-per-minute budget per team. */
export const RATE_LIMIT_CLASSES = ['scrape', 'crawl', 'batch', 'map', 'search', 'extract', 'llmstxt', 'status', 'team'] as const;
export type RateLimitClass = (typeof RATE_LIMIT_CLASSES)[number];

/** Requests per minute per team, by class; a class left out is not limited. */
export type RateLimits = Partial<Record<RateLimitClass, number>>;

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

/** Parses `TRAWL_RATE_LIMITS="scrape=100,crawl=15"` (requests per minute per team). */
export function parseRateLimits(setting: string): RateLimits {
  const limits: RateLimits = {};
  for (const entry of setting.split(',').map((e) => e.trim()).filter(Boolean)) {
    const [name, value] = entry.split('=').map((part) => part.trim());
    if (!isRateLimitClass(name)) {
      throw new Error(`TRAWL_RATE_LIMITS: unknown class "${name}" (known: ${RATE_LIMIT_CLASSES.join(', ')})`);
    }
    const perMinute = Number(value);
    if (!Number.isInteger(perMinute) || perMinute < 0) throw new Error(`TRAWL_RATE_LIMITS: "${entry}" needs a whole number of requests per minute`);
    limits[name] = perMinute;
  }
  return limits;
}

function isRateLimitClass(name: string | undefined): name is RateLimitClass {
  return (RATE_LIMIT_CLASSES as readonly string[]).includes(name ?? '');
}

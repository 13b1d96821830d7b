import { backoffDelay, classifyStatus, parseRetryAfter } from '@trawl/core/server';
import { isTrawlError } from '@trawl/core';
import { BlockedReceiverError } from './receiver-guard.js';

/** How one POST to a receiver ended, and whether another attempt could end differently. */
export type AttemptResult =
  | { kind: 'delivered' }
  | { kind: 'retryable'; error: string; retryAfterMs?: number }
  | { kind: 'rejected'; error: string };

export function resultOfStatus(status: number, retryAfter: string | undefined, now = Date.now()): AttemptResult {
  if (status >= 200 && status < 300) return { kind: 'delivered' };
  if (status >= 300 && status < 400) {
    return { kind: 'rejected', error: `receiver answered HTTP ${status}; webhook deliveries do not follow redirects` };
  }
  const error = `receiver answered HTTP ${status}`;
  if (classifyStatus(status) !== 'transient') return { kind: 'rejected', error };
  const retryAfterMs = parseRetryAfter(retryAfter, now);
  return retryAfterMs === undefined ? { kind: 'retryable', error } : { kind: 'retryable', error, retryAfterMs };
}

/**
 * A refused address, a malformed request or an unusable URL will fail again; every other
 * transport failure (refused or reset connections, DNS hiccups, TLS trouble) may not.
 */
export function resultOfError(error: unknown): AttemptResult {
  for (let e = error, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof BlockedReceiverError) return { kind: 'rejected', error: `refused by the SSRF policy: ${e.message}` };
    if (isTrawlError(e)) {
      if (e.code === 'SCRAPE_BLOCKED_URL') return { kind: 'rejected', error: `refused by the SSRF policy: ${e.message}` };
      if (e.code === 'SCRAPE_INVALID_URL') return { kind: 'rejected', error: e.message };
    }
    if ((e as { code?: unknown }).code === 'UND_ERR_INVALID_ARG') {
      return { kind: 'rejected', error: `invalid webhook request: ${(e as Error).message}` };
    }
  }
  return { kind: 'retryable', error: describe(error) };
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  const causeCode = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  const label = typeof code === 'string' ? code : typeof causeCode === 'string' ? causeCode : undefined;
  return label && !message.includes(label) ? `${message} (${label})` : message;
}

export interface RetryTiming {
  baseDelayMs: number;
  maxDelayMs: number;
  maxRetryAfterMs: number;
}

/** Wait before retry number `retry` (from 1): the receiver's Retry-After up to a cap, else jittered backoff. */
export function retryDelay(
  retry: number,
  result: { retryAfterMs?: number },
  timing: RetryTiming,
  random: () => number = Math.random,
): number {
  if (result.retryAfterMs !== undefined) return Math.min(result.retryAfterMs, timing.maxRetryAfterMs);
  return backoffDelay(retry, { baseDelayMs: timing.baseDelayMs, maxDelayMs: timing.maxDelayMs }, random);
}

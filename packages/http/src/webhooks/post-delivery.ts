import { assertAllowedTarget, parseTargetUrl } from '@trawl/core/server';
import type { SsrfPolicy } from '@trawl/core';
import { request, type Dispatcher } from 'undici';
import { resultOfError, resultOfStatus, type AttemptResult } from './attempt-result.js';

export interface DeliveryAttempt {
  url: string;
  headers: Record<string, string>;
  body: string;
  policy: SsrfPolicy;
  dispatcher: Dispatcher;
  timeoutMs: number;
  /** Aborts the attempt when the sender closes. */
  closeSignal: AbortSignal;
}

// A receiver's answer is read only to free the connection; nobody needs more than this of it.
const MAX_RESPONSE_BYTES = 64 * 1024;

/** One POST of a delivery. Never rejects: every ending is an AttemptResult. */
export async function postDelivery(attempt: DeliveryAttempt): Promise<AttemptResult> {
  let target: URL;
  try {
    target = parseTargetUrl(attempt.url);
    // Clear refusal before any I/O; it also covers IP literals, which never reach the guarded lookup.
    await assertAllowedTarget(target, attempt.policy);
  } catch (error) {
    return resultOfError(error);
  }
  const timeout = AbortSignal.timeout(attempt.timeoutMs);
  const signal = AbortSignal.any([timeout, attempt.closeSignal]);
  try {
    const response = await request(target, {
      method: 'POST',
      headers: attempt.headers,
      body: attempt.body,
      dispatcher: attempt.dispatcher,
      signal,
    });
    // The status is the answer: a receiver slow to finish its body has still accepted the event.
    await response.body.dump({ limit: MAX_RESPONSE_BYTES, signal }).catch(() => undefined);
    const retryAfter = response.headers['retry-after'];
    return resultOfStatus(response.statusCode, Array.isArray(retryAfter) ? retryAfter[0] : retryAfter);
  } catch (error) {
    if (attempt.closeSignal.aborted) return { kind: 'rejected', error: 'the webhook sender closed while the delivery was in flight' };
    if (timeout.aborted) return { kind: 'retryable', error: `receiver did not answer within ${attempt.timeoutMs} ms` };
    return resultOfError(error);
  }
}

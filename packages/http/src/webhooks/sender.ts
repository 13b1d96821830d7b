import { randomUUID } from 'node:crypto';
import type { SsrfPolicy } from '@trawl/core';
import { retryDelay, type AttemptResult, type RetryTiming } from './attempt-result.js';
import { DeliveryQueues, type QueuedDelivery } from './delivery-queues.js';
import { buildEnvelope } from './envelope.js';
import type { WebhookEvent } from './events.js';
import { postDelivery } from './post-delivery.js';
import { receiverAgent } from './receiver-guard.js';
import { deliveryHeaders } from './request-headers.js';
import { wantsEvent, type WebhookSpec } from './spec.js';

export interface WebhookDeliveryFailure {
  spec: WebhookSpec;
  event: WebhookEvent;
  /** Requests made (0 when the delivery was dropped before its first attempt). */
  attempts: number;
  error: string;
}

export interface WebhookSenderOptions {
  /** Applied to every receiver, at check time and again when the socket connects. */
  policy: SsrfPolicy;
  /** Signs each body into `X-Trawl-Signature` when set. */
  secret?: string;
  /** Requests per delivery, first included (default 4). */
  maxAttempts?: number;
  /** Budget of one attempt in ms (default 10 s). */
  timeoutMs?: number;
  /** First retry delay in ms, doubled each retry with jitter (default 1000). */
  baseDelayMs?: number;
  /** Longest backoff delay in ms (default 60 s). */
  maxDelayMs?: number;
  /** A receiver's Retry-After is honoured up to this many ms (default 60 s). */
  maxRetryAfterMs?: number;
  /** Deliveries in flight at once, across receivers (default 8). */
  concurrency?: number;
  /** Pending deliveries kept; beyond it the oldest is dropped and reported (default 10,000). */
  maxPending?: number;
  /** How long close() lets in-flight requests finish before aborting them (default 2 s). */
  closeGraceMs?: number;
  /** Called once per delivery given up: rejected, out of attempts, dropped or cut by close(). */
  onDeliveryFailure?: (info: WebhookDeliveryFailure) => void;
}

/** How a delivery ended: `failed` may succeed if sent again later (out of attempts, dropped, cut by close()); `rejected` will not. */
export type DeliveryOutcome = 'delivered' | 'rejected' | 'failed';

export interface SendOptions {
  /**
   * The delivery's id (`X-Trawl-Delivery`, v2's `webhookId`); default a fresh UUID. An event sent
   * again after a restart keeps its id this way, so the receiver can tell it already has it.
   */
  deliveryId?: string;
  /** Told once how the delivery ended (also for an event the spec does not want: `rejected`). */
  onSettled?: (outcome: DeliveryOutcome) => void;
}

export interface WebhookSender {
  /** Queues a delivery and returns at once; never throws. */
  send(spec: WebhookSpec, event: WebhookEvent, options?: SendOptions): void;
  /** Resolves when nothing is queued, waiting for a retry or in flight. */
  idle(): Promise<void>;
  /** Drops what is queued (reporting each), waits briefly for in-flight requests, frees sockets. */
  close(): Promise<void>;
}

interface Delivery extends QueuedDelivery {
  readonly id: string;
  readonly spec: WebhookSpec;
  readonly event: WebhookEvent;
  readonly body: string;
  readonly headers: Record<string, string>;
  attempts: number;
  retryTimer?: NodeJS.Timeout;
  onSettled?: SendOptions['onSettled'];
}

export function createWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const maxAttempts = Math.max(1, options.maxAttempts ?? 4);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const concurrency = Math.max(1, options.concurrency ?? 8);
  const maxPending = Math.max(1, options.maxPending ?? 10_000);
  const closeGraceMs = options.closeGraceMs ?? 2_000;
  const timing: RetryTiming = {
    baseDelayMs: options.baseDelayMs ?? 1_000,
    maxDelayMs: options.maxDelayMs ?? 60_000,
    maxRetryAfterMs: options.maxRetryAfterMs ?? 60_000,
  };
  const agent = receiverAgent(options.policy, concurrency, timeoutMs);
  const closing = new AbortController();
  const queues = new DeliveryQueues<Delivery>();
  let inFlight = 0;
  let closed = false;
  let idleWaiters: Array<() => void> = [];

  function report(spec: WebhookSpec, event: WebhookEvent, attempts: number, error: string): void {
    try {
      options.onDeliveryFailure?.({ spec, event, attempts, error });
    } catch {
      // A failing failure hook must not break delivery of everything else.
    }
  }

  function settled(onSettled: SendOptions['onSettled'], outcome: DeliveryOutcome): void {
    try {
      onSettled?.(outcome);
    } catch {
      // Like the failure hook: a caller's mistake must not break delivery of everything else.
    }
  }

  function giveUp(delivery: Delivery, error: string, outcome: DeliveryOutcome = 'failed'): void {
    if (delivery.retryTimer) clearTimeout(delivery.retryTimer);
    queues.remove(delivery);
    report(delivery.spec, delivery.event, delivery.attempts, error);
    settled(delivery.onSettled, outcome);
  }

  function pump(): void {
    while (inFlight < concurrency && !closed) {
      const delivery = queues.takeNext();
      if (!delivery) break;
      inFlight++;
      void attempt(delivery);
    }
    if (queues.size === 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  async function attempt(delivery: Delivery): Promise<void> {
    delivery.attempts++;
    let result: AttemptResult;
    try {
      result = await postDelivery({
        url: delivery.spec.url,
        headers: delivery.headers,
        body: delivery.body,
        policy: options.policy,
        dispatcher: agent,
        timeoutMs,
        closeSignal: closing.signal,
      });
    } catch (error) {
      result = { kind: 'rejected', error: error instanceof Error ? error.message : String(error) };
    }
    inFlight--;
    settle(delivery, result);
    pump();
  }

  function settle(delivery: Delivery, result: AttemptResult): void {
    if (result.kind === 'delivered') {
      queues.remove(delivery);
      return settled(delivery.onSettled, 'delivered');
    }
    if (result.kind === 'rejected') return giveUp(delivery, result.error, 'rejected');
    if (delivery.attempts >= maxAttempts) return giveUp(delivery, `gave up after ${delivery.attempts} attempts: ${result.error}`);
    if (closed) return giveUp(delivery, `the webhook sender closed before a retry: ${result.error}`);
    queues.hold(delivery);
    delivery.retryTimer = setTimeout(
      () => {
        delivery.retryTimer = undefined;
        queues.requeue(delivery);
        pump();
      },
      retryDelay(delivery.attempts, result, timing),
    );
  }

  function send(spec: WebhookSpec, event: WebhookEvent, sendOptions: SendOptions = {}): void {
    const { onSettled } = sendOptions;
    try {
      if (closed) {
        report(spec, event, 0, 'the webhook sender is closed');
        return settled(onSettled, 'failed');
      }
      if (!wantsEvent(spec, event.type)) return settled(onSettled, 'rejected');
      const id = sendOptions.deliveryId ?? randomUUID();
      const body = JSON.stringify(buildEnvelope(spec, event, id)); // serialised once: retries resend the same signed bytes
      const headers = deliveryHeaders({ spec, eventType: event.type, deliveryId: id, body, secret: options.secret });
      const queueKey = `${event.id}\n${spec.url}`;
      queues.add({ id, spec, event, body, headers, attempts: 0, queueKey, state: 'queued', ...(onSettled ? { onSettled } : {}) });
      if (queues.size > maxPending) {
        const oldest = queues.oldestNotSending();
        if (oldest) giveUp(oldest, `dropped: more than ${maxPending} webhook deliveries were pending`);
      }
      pump();
    } catch (error) {
      report(spec, event, 0, `could not prepare the delivery: ${error instanceof Error ? error.message : String(error)}`);
      settled(onSettled, 'rejected');
    }
  }

  function idle(): Promise<void> {
    if (queues.size === 0) return Promise.resolve();
    return new Promise((resolve) => idleWaiters.push(resolve));
  }

  async function close(): Promise<void> {
    if (!closed) {
      closed = true;
      for (const delivery of queues.notSending()) giveUp(delivery, 'the webhook sender closed before the delivery was made');
      let graceTimer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => (graceTimer = setTimeout(resolve, closeGraceMs)));
      await Promise.race([idle(), grace]);
      clearTimeout(graceTimer);
      closing.abort();
    }
    await idle();
    await agent.destroy().catch(() => undefined);
  }

  return { send, idle, close };
}

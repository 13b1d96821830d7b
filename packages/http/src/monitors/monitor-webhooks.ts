/**
 * Monitor webhook events as Firecrawl sends them: `monitor.page` for each page of a check and
 * `monitor.check.completed` once the check is recorded, to the monitor's webhook. They go through
 * the store's outbox (core's MonitorReporting): written with the check, sent from there, deleted
 * once delivered, each under a stable id that is its delivery id (`X-Trawl-Delivery`, v2's
 * `webhookId`), so a receiver can drop an event it gets twice.
 */
import { createHash } from 'node:crypto';
import type { MonitorCheckBody, MonitorCheckPage, MonitorSpec } from '@trawl/core/server';
import type { MonitorEventRecord, MonitorRecord, Store } from '@trawl/core/ports';
import type { WebhookEvent } from '../webhooks/events.js';
import type { WebhookSender } from '../webhooks/sender.js';
import { type WebhookEventName, type WebhookSpec, wantsEvent } from '../webhooks/spec.js';

export const MONITOR_EVENTS = ['monitor.page', 'monitor.check.completed'] as const;

/** Pending events one deliver sends at most. */
const OUTBOX_BATCH = 100;

/**
 * How long an event another process committed is left to that process before this one sends it
 * too: its own delivery takes milliseconds on a healthy receiver, so an older pending event was
 * most likely orphaned by a process that died (a receiver retrying longer may get it twice).
 */
export const ORPHANED_EVENT_MS = 2_000;
/**
 * A monitor event still undelivered this long after its check is dropped when another delivery
 * fails: the outbox stays bounded while a team's receiver is down for good (docs/change-tracking.md).
 */
export const MONITOR_EVENT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** What an outbox record holds: the receiver and the event, so delivery needs nothing else. */
interface OutboxEvent {
  webhook: WebhookSpec;
  event: WebhookEvent;
}

/** The monitor's webhook in the sender's terms; its `events` (Firecrawl's names) become the sender's filter. */
export function monitorWebhookSpec(monitor: MonitorRecord): WebhookSpec | undefined {
  const webhook = (monitor.spec as MonitorSpec).webhook;
  if (!webhook) return undefined;
  const events = webhook.events?.map((event): WebhookEventName => (event === 'monitor.page' || event === 'page' ? 'page' : 'completed'));
  return {
    url: webhook.url,
    ...(webhook.headers ? { headers: webhook.headers } : {}),
    ...(webhook.metadata ? { metadata: webhook.metadata } : {}),
    ...(events ? { events } : {}),
  };
}

export function monitorPageEvent(monitor: MonitorRecord, checkId: string, page: MonitorCheckPage): WebhookEvent {
  return {
    type: 'monitor.page',
    id: checkId,
    data: [{ monitorId: monitor.id, checkId, ...page }],
    ...(page.status === 'error' && page.error ? { error: page.error } : {}),
    apiVersion: 'v2',
  };
}

export function monitorCheckEvent(monitor: MonitorRecord, body: MonitorCheckBody): WebhookEvent {
  const { check } = body;
  return {
    type: 'monitor.check.completed',
    id: check.id,
    data: [{ checkId: check.id, monitorId: monitor.id, status: check.status, summary: check.summary }],
    ...(check.status === 'completed' ? {} : { error: check.error ?? `the check ended ${check.status}` }),
    apiVersion: 'v2',
  };
}

/**
 * The events of a finished check the monitor's webhook wants, each with an id fixed by the check
 * and the page (a due time run twice gives the same ids): pages first, then the completion.
 */
export function monitorEvents(monitor: MonitorRecord, body: MonitorCheckBody): MonitorEventRecord[] {
  const webhook = monitorWebhookSpec(monitor);
  if (!webhook) return [];
  const checkId = body.check.id;
  const at = Date.parse(body.check.finishedAt ?? body.check.createdAt);
  const record = (id: string, createdAt: number, event: WebhookEvent): MonitorEventRecord[] =>
    wantsEvent(webhook, event.type) ? [{ id, monitorId: monitor.id, createdAt, event: { webhook, event } satisfies OutboxEvent }] : [];
  return [
    ...body.pages.flatMap((page) => {
      const pageKey = createHash('sha256').update(`${page.targetId}\n${page.url}`).digest('hex').slice(0, 24);
      return record(`${checkId}.page.${pageKey}`, at, monitorPageEvent(monitor, checkId, page));
    }),
    // One ms later, so the outbox (oldest first) hands the completion out after the pages.
    ...record(`${checkId}.check.completed`, at + 1, monitorCheckEvent(monitor, body)),
  ];
}

/** Event ids a sender is delivering right now, so one process never sends an event twice at once. */
const inFlightBySender = new WeakMap<WebhookSender, Set<string>>();

/** The scheduler's and manual runs' reporting (core's MonitorReporting) through `webhooks`. */
export function monitorWebhookHooks(webhooks: WebhookSender) {
  let inFlight = inFlightBySender.get(webhooks);
  if (!inFlight) inFlightBySender.set(webhooks, (inFlight = new Set()));
  const sending = inFlight;

  function send(store: Store, record: MonitorEventRecord): void {
    if (sending.has(record.id)) return;
    sending.add(record.id);
    const { webhook, event } = record.event as OutboxEvent;
    webhooks.send(webhook, event, {
      deliveryId: record.id,
      onSettled(outcome) {
        // A `failed` delivery (out of attempts, or the sender closing) stays pending for a later
        // deliver, unless the event is older than a receiver may be down: then it is given up.
        const keep = outcome === 'failed' && Date.now() - record.createdAt <= MONITOR_EVENT_MAX_AGE_MS;
        const done = keep ? Promise.resolve(false) : store.monitors.deleteEvent(record.id);
        done.catch(() => false).finally(() => sending.delete(record.id));
      },
    });
  }

  return {
    eventsOf: monitorEvents,
    async deliver(store: Store, committed?: readonly MonitorEventRecord[]): Promise<void> {
      for (const record of committed ?? []) send(store, record);
      const orphanedBefore = committed ? Date.now() - ORPHANED_EVENT_MS : Number.POSITIVE_INFINITY;
      for (const record of await store.monitors.pendingEvents({ limit: OUTBOX_BATCH })) {
        if (record.createdAt <= orphanedBefore) send(store, record);
      }
    },
  };
}

/**
 * Monitor webhook events as Firecrawl sends them: `monitor.page` for each page of a check and
 * `monitor.check.completed` once the check is recorded, to the monitor's webhook.
 */
import type { MonitorCheckBody, MonitorCheckPage, MonitorRecord, MonitorSpec } from '@trawl/core';
import type { WebhookEvent } from '../webhooks/events.js';
import type { WebhookSender } from '../webhooks/sender.js';
import type { WebhookEventName, WebhookSpec } from '../webhooks/spec.js';

export const MONITOR_EVENTS = ['monitor.page', 'monitor.check.completed'] as const;

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

/** The scheduler's and manual runs' report hooks, sending to the monitor's webhook. */
export function monitorWebhookHooks(webhooks: WebhookSender) {
  return {
    onPage(monitor: MonitorRecord, page: MonitorCheckPage, checkId: string) {
      const spec = monitorWebhookSpec(monitor);
      if (spec) webhooks.send(spec, monitorPageEvent(monitor, checkId, page));
    },
    onCheck(monitor: MonitorRecord, body: MonitorCheckBody) {
      const spec = monitorWebhookSpec(monitor);
      if (spec) webhooks.send(spec, monitorCheckEvent(monitor, body));
    },
  };
}

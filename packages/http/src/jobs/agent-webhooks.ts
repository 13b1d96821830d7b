/**
 * An agent job's webhook events (the 4.x SDK's AgentWebhookEvent): `agent.started` when created,
 * `agent.action` as each action ends, and one end, `agent.completed` (data: the status body),
 * `agent.failed` or `agent.cancelled`. v2's envelope, so each carries its `webhookId`.
 */
import { toAgentStatus, type AgentAction, type LlmJobSpec } from '@trawl/core/server';
import type { JobRecord } from '@trawl/core/ports';
import {
  actionEvent,
  cancelledEvent,
  completedEvent,
  failedEvent,
  startedEvent,
  type WebhookEvent,
  type WebhookSender,
  type WebhookSpec,
} from '../webhooks/index.js';

export interface AgentWebhooks {
  started(): void;
  action(action: AgentAction): void;
  /** The job's final record (null: it vanished). */
  ended(record: JobRecord | null): void;
}

const NONE: AgentWebhooks = { started() {}, action() {}, ended() {} };

export function agentWebhooks(job: JobRecord, webhooks: WebhookSender | undefined): AgentWebhooks {
  const spec = (job.options as LlmJobSpec<unknown>).extra?.webhook as WebhookSpec | undefined;
  if (!spec || !webhooks) return NONE;
  const send = (event: WebhookEvent) => webhooks.send(spec, { ...event, apiVersion: 'v2' });
  return {
    started: () => send(startedEvent('agent', job.id)),
    action: (action) => send(actionEvent(job.id, action)),
    ended(record) {
      if (!record) return;
      if (record.status === 'completed') send({ ...completedEvent('agent', job.id), data: [toAgentStatus(record)] });
      else if (record.status === 'cancelled') send(cancelledEvent('agent', job.id));
      else send(failedEvent('agent', job.id, record.error?.message ?? 'The agent failed'));
    },
  };
}

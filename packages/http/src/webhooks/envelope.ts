import type { WebhookEvent } from './events.js';
import type { WebhookSpec } from './spec.js';

/** The JSON body a receiver gets: Firecrawl's v1 webhook envelope, and v2's with its `webhookId`. */
export interface WebhookEnvelope {
  success: boolean;
  type: string;
  id: string;
  data: unknown;
  metadata: Record<string, unknown>;
  error?: string;
  /** v2 only: this delivery's id (the `X-Trawl-Delivery` header), the same on every retry. */
  webhookId?: string;
}

export function buildEnvelope(spec: WebhookSpec, event: WebhookEvent, deliveryId?: string): WebhookEnvelope {
  return {
    success: !event.error,
    type: event.type,
    id: event.id,
    data: event.data,
    metadata: spec.metadata ?? {},
    ...(event.error ? { error: event.error } : {}),
    ...(event.apiVersion === 'v2' && deliveryId ? { webhookId: deliveryId } : {}),
  };
}

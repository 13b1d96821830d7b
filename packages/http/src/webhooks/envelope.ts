import type { WebhookEvent } from './events.js';
import type { WebhookSpec } from './spec.js';

/** The JSON body a receiver gets: Firecrawl's v1 webhook envelope. */
export interface WebhookEnvelope {
  success: boolean;
  type: string;
  id: string;
  data: unknown;
  metadata: Record<string, unknown>;
  error?: string;
}

export function buildEnvelope(spec: WebhookSpec, event: WebhookEvent): WebhookEnvelope {
  return {
    success: !event.error,
    type: event.type,
    id: event.id,
    data: event.data,
    metadata: spec.metadata ?? {},
    ...(event.error ? { error: event.error } : {}),
  };
}

import type { WebhookSpec } from './spec.js';
import { signPayload } from './signature.js';

export const WEBHOOK_USER_AGENT = 'Trawl-Webhooks/1 (+https://github.com/trawl-dev/trawl)';

// Set by Trawl or by the HTTP client itself; a spec's headers cannot replace them.
const RESERVED = new Set([
  'content-type',
  'content-length',
  'user-agent',
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'expect',
]);

export interface DeliveryHeaderInput {
  spec: WebhookSpec;
  eventType: string;
  deliveryId: string;
  body: string;
  secret?: string;
}

/** The request headers of one delivery: the spec's own, then Trawl's, then the signature. */
export function deliveryHeaders(input: DeliveryHeaderInput): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.spec.headers ?? {})) {
    const lower = name.toLowerCase();
    if (!RESERVED.has(lower) && !lower.startsWith('x-trawl-') && lower !== 'x-firecrawl-signature') headers[lower] = value;
  }
  headers['content-type'] = 'application/json';
  headers['user-agent'] = WEBHOOK_USER_AGENT;
  headers['x-trawl-event'] = input.eventType;
  headers['x-trawl-delivery'] = input.deliveryId;
  if (input.secret) {
    // The same signature under Firecrawl's name, so receivers written for Firecrawl verify it unchanged.
    headers['x-trawl-signature'] = signPayload(input.body, input.secret);
    headers['x-firecrawl-signature'] = headers['x-trawl-signature'];
  }
  return headers;
}

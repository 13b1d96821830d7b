import { requestHeadersSchema } from '@trawl/core/server';
import { z } from 'zod';

export type WebhookEventName = 'started' | 'page' | 'completed' | 'failed';
/** An agent's events: no pages, but each action and a cancel (the 4.x SDK's AgentWebhookEvent). */
export type AgentWebhookEventName = 'started' | 'action' | 'completed' | 'failed' | 'cancelled';

/** Where and how a job reports its events (the request's `webhook` field, normalised). */
export type WebhookSpec = {
  url: string;
  headers?: Record<string, string>;
  metadata?: Record<string, unknown>;
  events?: Array<WebhookEventName | AgentWebhookEventName>;
};

export const WEBHOOK_EVENT_NAMES = ['started', 'page', 'completed', 'failed'] as const satisfies readonly WebhookEventName[];
export const AGENT_WEBHOOK_EVENT_NAMES = [
  'started',
  'action',
  'completed',
  'failed',
  'cancelled',
] as const satisfies readonly AgentWebhookEventName[];

const receiverUrlSchema = z
  .string()
  .max(2048, 'webhook.url is longer than 2048 characters')
  .refine(isHttpUrl, 'webhook.url must be an absolute http:// or https:// URL');

/** Accepts a bare receiver URL or the full object (as Firecrawl does) and yields the object form. */
function specSchemaOf(events: readonly [string, ...string[]]): z.ZodType<WebhookSpec> {
  const objectSchema = z.strictObject({
    url: receiverUrlSchema,
    // The same rules as a scrape's headers: RFC 9110 names, no CR/LF to smuggle a second header.
    headers: requestHeadersSchema.optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
    events: z.array(z.enum(events)).optional(),
  });
  return z.union([receiverUrlSchema.transform((url): WebhookSpec => ({ url })), objectSchema]) as z.ZodType<WebhookSpec>;
}

/** A crawl's or batch scrape's webhook. */
export const webhookSpecSchema = specSchemaOf(WEBHOOK_EVENT_NAMES);
/** An agent's webhook. */
export const agentWebhookSpecSchema = specSchemaOf(AGENT_WEBHOOK_EVENT_NAMES);

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The event name after the job kind: `page` of `crawl.page`. */
export function eventNameOf(type: string): string {
  const dot = type.lastIndexOf('.');
  return dot === -1 ? type : type.slice(dot + 1);
}

/** True when the spec subscribes to this event type (every event when `events` is omitted). */
export function wantsEvent(spec: WebhookSpec, type: string): boolean {
  if (!spec.events) return true;
  const name = eventNameOf(type);
  return spec.events.some((wanted) => wanted === name);
}

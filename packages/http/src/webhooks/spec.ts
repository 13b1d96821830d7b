import { z } from 'zod';

export type WebhookEventName = 'started' | 'page' | 'completed' | 'failed';

/** Where and how a job reports its events (the request's `webhook` field, normalised). */
export type WebhookSpec = {
  url: string;
  headers?: Record<string, string>;
  metadata?: Record<string, unknown>;
  events?: WebhookEventName[];
};

export const WEBHOOK_EVENT_NAMES = ['started', 'page', 'completed', 'failed'] as const satisfies readonly WebhookEventName[];

// RFC 9110 token characters; a value may not smuggle a second header through CR or LF.
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const HEADER_VALUE = /^[^\r\n\0]*$/;

const receiverUrlSchema = z
  .string()
  .max(2048, 'webhook.url is longer than 2048 characters')
  .refine(isHttpUrl, 'webhook.url must be an absolute http:// or https:// URL');

const headersSchema = z
  .record(z.string(), z.string())
  .refine((headers) => Object.keys(headers).every((name) => HEADER_NAME.test(name)), 'webhook.headers has an invalid header name')
  .refine((headers) => Object.values(headers).every((value) => HEADER_VALUE.test(value)), 'webhook.headers values may not contain line breaks');

const webhookObjectSchema = z.strictObject({
  url: receiverUrlSchema,
  headers: headersSchema.optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  events: z.array(z.enum(WEBHOOK_EVENT_NAMES)).optional(),
});

/** Accepts a bare receiver URL or the full object (as Firecrawl does) and yields the object form. */
export const webhookSpecSchema: z.ZodType<WebhookSpec> = z.union([
  receiverUrlSchema.transform((url): WebhookSpec => ({ url })),
  webhookObjectSchema,
]);

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

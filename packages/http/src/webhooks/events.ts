/** One thing that happened to a job, before it is wrapped for a particular receiver. */
export interface WebhookEvent {
  /** `<job kind>.<event name>`, e.g. `batch_scrape.page` or `crawl.completed`. */
  type: string;
  /** The job id. */
  id: string;
  data: unknown;
  /** Present when the event reports a failure (a failed page or a failed job). */
  error?: string;
  /** Set for jobs started through v2: the envelope then carries v2's `webhookId`. */
  apiVersion?: 'v2';
}

/** The job kinds that emit webhooks: batch scrape as the spec says, crawl and agent as Firecrawl does. */
export type WebhookJobKind = 'batch_scrape' | 'crawl' | 'agent';

// Firecrawl's v1 payloads: `data` is always an array, empty except on page events.

export function startedEvent(kind: WebhookJobKind, jobId: string): WebhookEvent {
  return { type: `${kind}.started`, id: jobId, data: [] };
}

/** A scraped page: `data` holds the document exactly as the scrape endpoint returns it. */
export function pageEvent(kind: WebhookJobKind, jobId: string, document: unknown): WebhookEvent {
  return { type: `${kind}.page`, id: jobId, data: [document] };
}

/** A page that could not be scraped: `success` false, its URL in `data[0].metadata.sourceURL`. */
export function pageFailedEvent(kind: WebhookJobKind, jobId: string, url: string, error: string): WebhookEvent {
  return { type: `${kind}.page`, id: jobId, data: [{ metadata: { sourceURL: url } }], error };
}

export function completedEvent(kind: WebhookJobKind, jobId: string): WebhookEvent {
  return { type: `${kind}.completed`, id: jobId, data: [] };
}

export function failedEvent(kind: WebhookJobKind, jobId: string, error: string): WebhookEvent {
  return { type: `${kind}.failed`, id: jobId, data: [], error };
}

/** An agent's action ended: `data` holds it as the status lists it. */
export function actionEvent(jobId: string, action: unknown): WebhookEvent {
  return { type: 'agent.action', id: jobId, data: [action] };
}

export function cancelledEvent(kind: WebhookJobKind, jobId: string): WebhookEvent {
  return { type: `${kind}.cancelled`, id: jobId, data: [] };
}

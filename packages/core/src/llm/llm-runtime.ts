import type { Document } from '../document.js';
import type { WithRuntime } from '../runtime/types.js';

/** How an extract or llms.txt run goes besides its runtime: its cancellation and pages scraped at once. */
export interface LlmJobRun {
  /** Stops the job; a job run from a store ends `cancelled`. */
  signal?: AbortSignal;
  /** Pages scraped at once (default 4). */
  concurrency?: number;
}

/**
 * What extract and llms.txt take: the run's settings and what they run with (a Runtime, or its
 * settings inline). Without a model, extract fails with a clear error and llms.txt falls back to
 * page metadata. Never set by an API client.
 */
export type LlmJobOptions = WithRuntime<LlmJobRun>;

/** An error page (4xx, 5xx) says nothing about the site: jobs leave it out. */
export function assertPageOk(document: Document): void {
  const status = document.metadata.statusCode;
  if (status >= 400) throw new Error(`answered HTTP ${status}${document.metadata.error ? ` ${document.metadata.error}` : ''}`);
}

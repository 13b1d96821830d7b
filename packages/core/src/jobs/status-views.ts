/**
 * How a job record reads through each API version. Pure: the http package adds `success`,
 * `data` and `next` around these.
 */
import type { ErrorEntry, JobRecord, JobStatus, RobotsBlockedEntry } from '../ports/store.js';

/** The v1 status object of batch scrape and crawl (without `data` and `next`). */
export interface V1JobStatus {
  /** A cancelled job reads `cancelled`, as Firecrawl answers (the spec leaves it open). */
  status: JobStatus;
  /** Pages the job accepted to attempt so far. */
  total: number;
  /** Pages that produced a document. */
  completed: number;
  creditsUsed: number;
  /** ISO 8601 date-time. */
  expiresAt: string;
}

export function toV1JobStatus(job: JobRecord): V1JobStatus {
  return {
    status: job.status,
    total: job.counters.total,
    completed: job.counters.completed,
    creditsUsed: job.counters.creditsUsed,
    expiresAt: new Date(job.expiresAt).toISOString(),
  };
}

export type V0CrawlState = 'active' | 'completed' | 'failed';

/** The v0 crawl status object (without `data` and `partial_data`). */
export interface V0CrawlStatus {
  status: V0CrawlState;
  /** Pages handled so far, documents and errors alike. */
  current: number;
  total: number;
}

/** v0 has no `cancelled`: a cancelled crawl reads `failed`, as Firecrawl's v0 answers. */
export function toV0CrawlState(status: JobStatus): V0CrawlState {
  switch (status) {
    case 'scraping':
      return 'active';
    case 'completed':
      return 'completed';
    case 'failed':
    case 'cancelled':
      return 'failed';
  }
}

export function toV0CrawlStatus(job: JobRecord): V0CrawlStatus {
  return {
    status: toV0CrawlState(job.status),
    current: job.counters.completed + job.counters.failed,
    total: job.counters.total,
  };
}

export interface ErrorsReport {
  errors: Array<{ id: string; timestamp: string; url: string; error: string; code?: ErrorEntry['code'] }>;
  robotsBlocked: string[];
}

/** The batch scrape (and crawl) errors report from the job's error and robots entries. */
export function toErrorsReport(errors: readonly ErrorEntry[], robotsBlocked: readonly RobotsBlockedEntry[]): ErrorsReport {
  return {
    errors: errors.map((entry) => ({
      id: entry.id,
      timestamp: new Date(entry.at).toISOString(),
      url: entry.url,
      error: entry.error,
      ...(entry.code === undefined ? {} : { code: entry.code }),
    })),
    robotsBlocked: robotsBlocked.map((entry) => entry.url),
  };
}

import type { Document } from '../document.js';
import { errorCodeOf } from '../errors.js';
import { cancelJob } from '../jobs/job-events.js';
import { readErrorsReport } from '../jobs/result-pages.js';
import type { ErrorsReport } from '../jobs/status-views.js';
import type { JobError, JobRecord, JobStatus, Store } from '../ports/store.js';
import { newJobChannels, type JobChannels, type JobEvents } from './job-context.js';

export interface JobProgress {
  /** Pages that produced a document. */
  completed: number;
  /** Pages that ended in an error. */
  failed: number;
  /** Pages the job will attempt (grows while a crawl discovers links). */
  total: number;
}

export interface JobSummary extends JobProgress {
  id: string;
  status: JobStatus;
  creditsUsed: number;
  error?: JobError;
}

/**
 * A crawl or batch scrape running in this process. Iterate it for documents (with
 * backpressure), listen to its events, read `progress`, `cancel()` it, or await `done`.
 */
export class CrawlJob implements AsyncIterable<Document> {
  /** Resolves when the job ends, whatever the end (check `status`); never rejects. */
  readonly done: Promise<JobSummary>;
  readonly channels: JobChannels = newJobChannels();
  private latest: JobProgress = { completed: 0, failed: 0, total: 0 };
  private resolveDone!: (summary: JobSummary) => void;
  private retentionMs: number | undefined;

  constructor(
    readonly store: Store,
    readonly id: string,
  ) {
    this.done = new Promise((resolve) => (this.resolveDone = resolve));
    this.channels.events.on('progress', (job) => (this.latest = progressOf(job)));
  }

  on<E extends keyof JobEvents>(event: E, listener: (...args: JobEvents[E]) => void): this {
    this.channels.events.on(event, listener as never);
    return this;
  }

  off<E extends keyof JobEvents>(event: E, listener: (...args: JobEvents[E]) => void): this {
    this.channels.events.off(event, listener as never);
    return this;
  }

  /** Pages done and pages known so far. */
  get progress(): JobProgress {
    return { ...this.latest };
  }

  /** Stops the job: no new page starts, pages in flight are aborted, and `done` reports `cancelled`. */
  async cancel(): Promise<void> {
    await cancelJob(this.store, this.id, { retentionMs: this.retentionMs });
    this.channels.abort.abort();
    await this.done;
  }

  /** Per-URL failures and robots-blocked URLs, as the errors endpoint reports them. */
  errors(): Promise<ErrorsReport> {
    return readErrorsReport(this.store, this.id);
  }

  [Symbol.asyncIterator](): AsyncIterator<Document> {
    return this.channels.channel[Symbol.asyncIterator]();
  }

  /** @internal Called by the launcher with the job's run; settles `done` and the iterator. */
  track(run: Promise<JobRecord | null>, retentionMs?: number): void {
    this.retentionMs = retentionMs;
    run.then(
      (job) => this.finish(job),
      (error: unknown) => this.finish(null, error),
    );
  }

  private finish(job: JobRecord | null, error?: unknown): void {
    const { events, channel, abort } = this.channels;
    abort.abort();
    const message = error instanceof Error ? error.message : error ? String(error) : `Job ${this.id} vanished from its store`;
    const summary: JobSummary = job
      ? {
          id: job.id,
          status: job.status,
          ...progressOf(job),
          creditsUsed: job.counters.creditsUsed,
          ...(job.error ? { error: job.error } : {}),
        }
      : { id: this.id, status: 'failed', ...this.latest, creditsUsed: 0, error: { code: errorCodeOf(error), message } };
    this.latest = { completed: summary.completed, failed: summary.failed, total: summary.total };
    if (job) events.emit(job.status === 'completed' ? 'completed' : job.status === 'cancelled' ? 'cancelled' : 'failed', job);
    channel.close(summary.status === 'failed' ? new Error(summary.error?.message ?? 'The job failed') : undefined);
    this.resolveDone(summary);
  }
}

function progressOf(job: JobRecord): JobProgress {
  return { completed: job.counters.completed, failed: job.counters.failed, total: job.counters.total };
}

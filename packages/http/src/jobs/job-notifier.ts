/**
 * What happens around a job besides running it: webhooks at each step. (Pages are paid by the
 * worker itself, which reserves each page's credits before fetching it: see core's process-page.)
 * The API calls `started`/`cancelled`; a worker's `onEvent` feeds `onWorkerEvent`, wherever that
 * worker runs (embedded in the server or in its own process).
 */
import type { Document } from '@trawl/core';
import type { ErrorEntry, JobRecord, Store } from '@trawl/core/ports';
import {
  completedEvent,
  failedEvent,
  pageEvent,
  pageFailedEvent,
  startedEvent,
  type WebhookEvent,
  type WebhookJobKind,
  type WebhookSender,
  type WebhookSpec,
} from '../webhooks/index.js';
import type { Logger } from '../logger.js';
import { jobExtraOf } from './job-extra.js';
import type { V2Shaping } from '../v2/scrape-plan.js';
import { toV2Document } from '../v2/v2-document.js';
import { toV1Document, type V1Shaping } from '../v1/v1-document.js';

export interface JobNotifier {
  /** A job was just created. */
  started(job: JobRecord): void;
  /** A job was cancelled through the API. */
  cancelled(job: JobRecord): void;
  /** Pass as `startWorker({ onEvent })`. */
  onWorkerEvent(jobId: string, event: string, ...args: unknown[]): void;
  /** Resolves when every webhook handed over so far is done (tests, shutdown). */
  settled(): Promise<void>;
}

export interface JobNotifierOptions {
  store: Store;
  webhooks?: WebhookSender;
  logger: Logger;
}

/** What the notifier needs of a job, read once per job. */
interface JobFacts {
  kind: WebhookJobKind;
  webhook: WebhookSpec | undefined;
  /** Set for jobs started through v2: pages go out in v2's shape, in v2's envelope. */
  v2: V2Shaping | undefined;
  /** Set for v1 jobs that asked v1's own format names (`extract`, `summary`): pages go out named so. */
  v1: V1Shaping | undefined;
}

const MAX_CACHED_JOBS = 1000;

export function createJobNotifier(options: JobNotifierOptions): JobNotifier {
  const { store, webhooks, logger } = options;
  const facts = new Map<string, Promise<JobFacts | null>>();
  const pending = new Set<Promise<unknown>>();

  function track(work: Promise<unknown>): void {
    const tracked = work.catch((error) => logger.error('job notification failed', error)).finally(() => pending.delete(tracked));
    pending.add(tracked);
  }

  /** Events of one job chain on one promise, so they go out in the order the worker emitted them. */
  function factsOf(jobId: string): Promise<JobFacts | null> {
    let entry = facts.get(jobId);
    if (!entry) {
      entry = store.jobs.get(jobId).then((record) => (record ? factsFromRecord(record) : null));
      facts.set(jobId, entry);
      if (facts.size > MAX_CACHED_JOBS) facts.delete(facts.keys().next().value!);
    }
    return entry;
  }

  function send(job: JobFacts, event: WebhookEvent): void {
    if (job.webhook && webhooks) webhooks.send(job.webhook, job.v2 ? { ...event, apiVersion: 'v2' } : event);
  }

  return {
    started(job) {
      const known = factsFromRecord(job);
      if (known) send(known, startedEvent(known.kind, job.id));
    },
    cancelled(job) {
      const known = factsFromRecord(job);
      // Firecrawl ends a cancelled job's webhooks with `completed`; its status reads `cancelled`.
      if (known) send(known, completedEvent(known.kind, job.id));
      facts.delete(job.id);
    },
    onWorkerEvent(jobId, event, ...args) {
      if (event !== 'page' && event !== 'pageError' && event !== 'completed' && event !== 'failed') return;
      track(
        factsOf(jobId).then((job) => {
          if (!job) return;
          switch (event) {
            case 'page': {
              const document = args[0] as Document;
              send(job, pageEvent(job.kind, jobId, job.v2 ? toV2Document(document, job.v2) : toV1Document(document, job.v1)));
              return;
            }
            case 'pageError': {
              const entry = args[0] as ErrorEntry;
              send(job, pageFailedEvent(job.kind, jobId, entry.url, entry.error));
              return;
            }
            case 'completed':
              facts.delete(jobId);
              send(job, completedEvent(job.kind, jobId));
              return;
            case 'failed': {
              facts.delete(jobId);
              const record = args[0] as JobRecord | undefined;
              send(job, failedEvent(job.kind, jobId, record?.error?.message ?? 'The job failed'));
              return;
            }
          }
        }),
      );
    },
    async settled() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}

function factsFromRecord(record: JobRecord): JobFacts | null {
  if (record.kind !== 'crawl' && record.kind !== 'batch_scrape') return null;
  // A spec that cannot be read keeps nothing: no webhook, so nothing is sent.
  const extra = jobExtraOf(record);
  return {
    kind: record.kind,
    webhook: extra.webhook as WebhookSpec | undefined,
    v2: extra.v2 as V2Shaping | undefined,
    v1: extra.v1 as V1Shaping | undefined,
  };
}

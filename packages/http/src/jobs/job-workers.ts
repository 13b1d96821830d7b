/**
 * What runs jobs in a process, wired once: the webhook sender, the job notifier that turns
 * worker events into webhooks, the worker that leases pages from the store, and the monitor
 * worker that runs due checks. The API's embedded worker (services.ts) and `trawl worker` both
 * start it, so a page run in either place is billed and reported the same way.
 */
import type { JobEvents, RuntimeWithStore } from '@trawl/core';
import { startWorker, type Worker } from '@trawl/core/server';
import type { WebhookSettings } from '../options.js';
import { startMonitorWorker } from '../monitors/monitor-worker.js';
import { createWebhookSender, type WebhookSender } from '../webhooks/index.js';
import { createJobNotifier, type JobNotifier } from './job-notifier.js';

export interface JobWorkersOptions {
  runtime: RuntimeWithStore;
  /** A sender the caller owns, or the settings of one made here (and closed by close()). */
  webhooks?: WebhookSettings | WebhookSender;
  /**
   * Pages run at once, how long a lease lasts, and one team's share of the pages while another
   * team's pages run (startWorker's pagesPerTeam); `false`: no worker and no monitor checks in this process.
   */
  worker: false | { concurrency: number; leaseMs?: number | undefined; pagesPerTeam?: number | undefined };
  /** How many versions of a page the monitor checks keep, and their bytes. */
  pageMemory?: { keep?: number | undefined; maxBytes?: number | undefined } | undefined;
  /** Told every worker event after the notifier (a page to index, a job's end to print). */
  onEvent?: <E extends keyof JobEvents>(jobId: string, event: E, ...args: JobEvents[E]) => void;
}

export interface JobWorkers {
  webhooks: WebhookSender;
  notifier: JobNotifier;
  /** Hands back unfinished pages, stops the monitor checks and waits for the webhooks they caused. */
  stop(): Promise<void>;
  /** Closes the webhook sender when it was made here; after stop() and anything else that sends. */
  close(): Promise<void>;
}

export function startJobWorkers(options: JobWorkersOptions): JobWorkers {
  const { runtime } = options;
  const { store, logger, policy } = runtime;
  const given = isWebhookSender(options.webhooks) ? options.webhooks : undefined;
  const settings = given ? {} : ((options.webhooks as WebhookSettings | undefined) ?? {});
  const webhooks =
    given ??
    createWebhookSender({
      policy,
      ...(settings.secret ? { secret: settings.secret } : {}),
      ...(settings.maxAttempts ? { maxAttempts: settings.maxAttempts } : {}),
      ...(settings.timeoutMs ? { timeoutMs: settings.timeoutMs } : {}),
      onDeliveryFailure: (failure) => logger.error(`webhook ${failure.event.type} to ${failure.spec.url} not delivered: ${failure.error}`),
    });
  const notifier = createJobNotifier({ store, webhooks, logger });
  const worker: Worker | undefined =
    options.worker === false
      ? undefined
      : startWorker({
          runtime,
          concurrency: options.worker.concurrency,
          leaseMs: options.worker.leaseMs,
          pagesPerTeam: options.worker.pagesPerTeam,
          onEvent: (jobId, event, ...args) => {
            notifier.onWorkerEvent(jobId, event, ...args);
            options.onEvent?.(jobId, event, ...args);
          },
        });
  // Monitors are checked where jobs run, each due time claimed in the store so one process runs it.
  const monitors =
    options.worker === false
      ? undefined
      : startMonitorWorker({
          store,
          webhooks,
          logger,
          runtime,
          ...(options.pageMemory ? { pageMemory: options.pageMemory } : {}),
          leaseMs: options.worker.leaseMs,
        });
  return {
    webhooks,
    notifier,
    async stop() {
      await Promise.all([worker?.stop(), monitors?.stop()]);
      await notifier.settled();
    },
    async close() {
      if (!given) await webhooks.close();
    },
  };
}

function isWebhookSender(value: JobWorkersOptions['webhooks']): value is WebhookSender {
  return typeof (value as WebhookSender | undefined)?.send === 'function';
}

/**
 * The API's moving parts besides request handling: the embedded worker, the expiry sweeper,
 * webhook delivery and the starting credit balances. Started together, stopped together.
 */
import {
  createMemoryStore,
  OPEN_POLICY,
  STRICT_POLICY,
  startWorker,
  sweepExpiredJobs,
  type Document,
  type SsrfPolicy,
  type Store,
  type Worker,
} from '@trawl/core';
import { DEFAULT_WORKER_CONCURRENCY } from '@trawl/core/settings';
import { createJobNotifier, type JobNotifier } from './jobs/job-notifier.js';
import { createLlmJobRunner, type LlmJobRunner } from './jobs/llm-job-runner.js';
import { consoleLogger, type Logger } from './logger.js';
import type { TrawlApiOptions } from './options.js';
import { createWebhookSender, type WebhookSender } from './webhooks/index.js';
import { startMonitorWorker } from './monitors/monitor-worker.js';
import { monitorWebhookHooks } from './monitors/monitor-webhooks.js';

const DEFAULT_SWEEP_INTERVAL_MS = 10 * 60 * 1000;

export interface ApiRuntime {
  store: Store;
  policy: SsrfPolicy;
  notifier: JobNotifier;
  llmJobs: LlmJobRunner;
  logger: Logger;
  /** Pages the embedded worker runs at once; 0 without one. */
  workerConcurrency: number;
  /** Where monitor checks report (their webhooks): the scheduler's, and manual runs'. */
  monitorHooks: ReturnType<typeof monitorWebhookHooks>;
  /** Resolves once starting balances are in place; requests wait for it. */
  ready: Promise<void>;
  close(): Promise<void>;
}

export function startRuntime(options: TrawlApiOptions): ApiRuntime {
  const logger = options.logger ?? consoleLogger;
  const ownsStore = options.store === undefined;
  const store = options.store ?? createMemoryStore();
  const policy = options.ssrf ?? (options.allowPrivateNetwork ? OPEN_POLICY : STRICT_POLICY);
  const ownsWebhooks = !isWebhookSender(options.webhooks);
  const webhooks = isWebhookSender(options.webhooks)
    ? options.webhooks
    : createWebhookSender({
        policy,
        ...(options.webhooks?.secret ? { secret: options.webhooks.secret } : {}),
        ...(options.webhooks?.maxAttempts ? { maxAttempts: options.webhooks.maxAttempts } : {}),
        ...(options.webhooks?.timeoutMs ? { timeoutMs: options.webhooks.timeoutMs } : {}),
        onDeliveryFailure: (failure) =>
          logger.error(`webhook ${failure.event.type} to ${failure.spec.url} not delivered: ${failure.error}`),
      });
  const notifier = createJobNotifier({ store, webhooks, logger });
  const llmJobs = createLlmJobRunner({
    store,
    policy,
    logger,
    ...(options.llm ? { llm: options.llm } : {}),
    ...(options.search ? { search: options.search } : {}),
    ...(options.browser ? { browser: options.browser } : {}),
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
    ...(options.retentionMs ? { retentionMs: options.retentionMs } : {}),
  });
  const worker = startEmbeddedWorker(options, store, policy, notifier, logger);
  // Monitors are checked where jobs run: with the embedded worker, or in `trawl worker` processes.
  const monitorWorker =
    options.worker === false
      ? undefined
      : startMonitorWorker({
          store,
          webhooks,
          logger,
          runtime: monitorRuntime(options, policy),
          ...(options.pageMemory ? { pageMemory: options.pageMemory } : {}),
          ...(typeof options.worker === 'object' && options.worker.leaseMs ? { leaseMs: options.worker.leaseMs } : {}),
        });
  const sweeper = startSweeper(store, options.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS, logger);
  const ready = seedCredits(store, options.credits ?? {});
  ready.catch((error) => logger.error('could not set the starting credit balances', error));
  let closing: Promise<void> | undefined;

  return {
    store,
    policy,
    notifier,
    llmJobs,
    logger,
    workerConcurrency: workerConcurrencyOf(options),
    monitorHooks: monitorWebhookHooks(webhooks),
    ready,
    close() {
      closing ??= (async () => {
        if (sweeper) clearInterval(sweeper);
        // Interrupted pages go back to the queue, so a restarted server resumes them.
        await Promise.all([worker?.stop(), llmJobs.close(), monitorWorker?.stop()]);
        await notifier.settled();
        if (ownsWebhooks) await webhooks.close();
        if (ownsStore) await store.close();
      })();
      return closing;
    },
  };
}

function workerConcurrencyOf(options: TrawlApiOptions): number {
  if (options.worker === false) return 0;
  return (typeof options.worker === 'object' ? options.worker.concurrency : undefined) ?? DEFAULT_WORKER_CONCURRENCY;
}

function startEmbeddedWorker(
  options: TrawlApiOptions,
  store: Store,
  policy: SsrfPolicy,
  notifier: JobNotifier,
  logger: Logger,
): Worker | undefined {
  if (options.worker === false) return undefined;
  const concurrency = workerConcurrencyOf(options);
  const leaseMs = typeof options.worker === 'object' ? options.worker.leaseMs : undefined;
  return startWorker({
    store,
    concurrency,
    ...(leaseMs ? { leaseMs } : {}),
    ssrf: policy,
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
    ...(options.retentionMs ? { retentionMs: options.retentionMs } : {}),
    ...(options.browser ? { browser: options.browser } : {}),
    ...(options.llm ? { llm: options.llm } : {}),
    ...(options.convertPool !== undefined ? { convertPool: options.convertPool } : {}),
    onEvent: (jobId, event, ...args) => {
      notifier.onWorkerEvent(jobId, event, ...args);
      if (event === 'page' && options.onPage) void pageHook(options.onPage, args[0] as Document, jobId, logger);
    },
  });
}

async function pageHook(onPage: NonNullable<TrawlApiOptions['onPage']>, document: Document, jobId: string, logger: Logger): Promise<void> {
  try {
    await onPage(document, jobId);
  } catch (error) {
    logger.error(`onPage failed for ${document.metadata.url} of job ${jobId}`, error);
  }
}

function startSweeper(store: Store, intervalMs: number, logger: Logger): NodeJS.Timeout | undefined {
  if (intervalMs <= 0) return undefined;
  const timer = setInterval(() => {
    sweepExpiredJobs(store).catch((error) => logger.error('sweeping expired jobs failed', error));
  }, intervalMs);
  // The sweeper alone must never keep a process alive.
  timer.unref();
  return timer;
}

/** Starting balances apply only to teams that have none, so a restart does not refill them. */
async function seedCredits(store: Store, credits: Record<string, number>): Promise<void> {
  for (const [teamId, amount] of Object.entries(credits)) {
    if ((await store.teams.getCredits(teamId)) === null) await store.teams.setCredits(teamId, amount);
  }
}

function isWebhookSender(value: TrawlApiOptions['webhooks']): value is WebhookSender {
  return typeof (value as WebhookSender | undefined)?.send === 'function';
}

/** How monitor checks load pages: the server's policy and adapters. */
export function monitorRuntime(options: TrawlApiOptions, policy: SsrfPolicy) {
  return {
    ssrf: policy,
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
    ...(options.browser ? { browser: options.browser } : {}),
    ...(options.llm ? { llm: options.llm } : {}),
    ...(options.convertPool !== undefined ? { convertPool: options.convertPool } : {}),
  };
}

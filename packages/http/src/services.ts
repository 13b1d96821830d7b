/**
 * The API's moving parts besides request handling: the job workers (jobs/job-workers.ts: webhook
 * delivery, the notifier, the embedded worker and monitor checks), the LLM job runner, the expiry
 * sweeper, the credit hold keeper and the starting credit balances. Started together, stopped together.
 */
import { keepHolds, sweepExpiredJobs } from '@trawl/core/server';
import type { Document, RuntimeWithStore } from '@trawl/core';
import type { Store } from '@trawl/core/ports';
import { DEFAULT_PAGE_MEMORY_PAGES, DEFAULT_WORKER_CONCURRENCY } from '@trawl/core/settings';
import type { JobNotifier } from './jobs/job-notifier.js';
import { startJobWorkers } from './jobs/job-workers.js';
import { createLlmJobRunner, type LlmJobRunner } from './jobs/llm-job-runner.js';
import type { Logger } from './logger.js';
import { apiRuntime } from './api-runtime.js';
import type { TrawlApiOptions } from './options.js';
import { monitorWebhookHooks } from './monitors/monitor-webhooks.js';
import { DEFAULT_SESSION_SETTINGS, SessionService } from './sessions/session-service.js';

const DEFAULT_SWEEP_INTERVAL_MS = 10 * 60 * 1000;

export interface ApiServices {
  /** What every route, job and check runs with (store, policy, adapters, logger). */
  runtime: RuntimeWithStore;
  notifier: JobNotifier;
  llmJobs: LlmJobRunner;
  /** Pages the embedded worker runs at once; 0 without one. */
  workerConcurrency: number;
  /** Where monitor checks report (their webhooks): the scheduler's, and manual runs'. */
  monitorHooks: ReturnType<typeof monitorWebhookHooks>;
  /** Browser sessions and the pages scrapes keep for interact; all closed with the API. */
  sessions: SessionService;
  /** Resolves once starting balances are in place; requests wait for it. */
  ready: Promise<void>;
  close(): Promise<void>;
}

export function startServices(options: TrawlApiOptions): ApiServices {
  const runtime = apiRuntime(options);
  const { store, logger } = runtime;
  const workers = startJobWorkers({
    runtime,
    ...(options.webhooks ? { webhooks: options.webhooks } : {}),
    worker:
      options.worker === false
        ? false
        : {
            concurrency: workerConcurrencyOf(options),
            leaseMs: typeof options.worker === 'object' ? options.worker.leaseMs : undefined,
            pagesPerTeam: typeof options.worker === 'object' ? options.worker.pagesPerTeam : undefined,
          },
    pageMemory: options.pageMemory,
    onEvent: (jobId, event, ...args) => {
      if (event === 'page' && options.onPage) void pageHook(options.onPage, args[0] as Document, jobId, logger);
    },
  });
  const llmJobs = createLlmJobRunner(runtime, workers.webhooks);
  const sessions = new SessionService(
    store,
    { ...DEFAULT_SESSION_SETTINGS, ...options.sessions },
    options.pageMemory?.keep ?? DEFAULT_PAGE_MEMORY_PAGES,
  );
  const sweeper = startSweeper(store, options.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS, logger);
  // Renews the holds this node takes (LLM jobs and sessions may hold for long) and reclaims those of killed processes.
  const stopKeepingHolds = keepHolds(store.teams, logger);
  const ready = seedCredits(store, options.credits ?? {});
  ready.catch((error) => logger.error('could not set the starting credit balances', error));
  let closing: Promise<void> | undefined;

  return {
    runtime,
    notifier: workers.notifier,
    llmJobs,
    workerConcurrency: workerConcurrencyOf(options),
    monitorHooks: monitorWebhookHooks(workers.webhooks),
    sessions,
    ready,
    close() {
      closing ??= (async () => {
        if (sweeper) clearInterval(sweeper);
        // Interrupted pages go back to the queue, so a restarted server resumes them.
        // Sessions with the workers: their pages close (profiles saved, minutes billed) before the browser and the store go.
        await Promise.all([workers.stop(), llmJobs.close(), sessions.close()]);
        await workers.close();
        // Only what the API made for itself (a memory store); the caller closes what it passed.
        stopKeepingHolds();
        await runtime.close();
      })();
      return closing;
    },
  };
}

function workerConcurrencyOf(options: TrawlApiOptions): number {
  if (options.worker === false) return 0;
  return (typeof options.worker === 'object' ? options.worker.concurrency : undefined) ?? DEFAULT_WORKER_CONCURRENCY;
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

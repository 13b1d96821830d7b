/**
 * Runs extract and llms.txt jobs. They have no frontier for workers to lease, so the API
 * process that created one runs it, in the background, and bills its team when it ends.
 */
import { runExtractJob, runLlmsTxtJob, type Browser, type JobRecord, type LlmProvider, type SearchProvider, type SsrfPolicy, type Store } from '@trawl/core';
import { charge } from '../limits/credits.js';
import type { Logger } from '../logger.js';

export interface LlmJobRunner {
  /** Starts the job's work; returns at once. */
  run(job: JobRecord): void;
  /** Resolves when every job started so far has ended. */
  settled(): Promise<void>;
  /** Stops the jobs still running (they end `cancelled`: their work cannot resume) and waits for them. */
  close(): Promise<void>;
}

export interface LlmJobRunnerOptions {
  store: Store;
  policy: SsrfPolicy;
  llm?: LlmProvider;
  search?: SearchProvider;
  browser?: Browser;
  userAgent?: string;
  retentionMs?: number;
  logger: Logger;
}

export function createLlmJobRunner(options: LlmJobRunnerOptions): LlmJobRunner {
  const { store, logger } = options;
  const stop = new AbortController();
  const running = new Set<Promise<void>>();
  const runtime = {
    ssrf: options.policy,
    signal: stop.signal,
    ...(options.llm ? { llm: options.llm } : {}),
    ...(options.browser ? { browser: options.browser } : {}),
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
    ...(options.retentionMs ? { retentionMs: options.retentionMs } : {}),
  };

  async function work(job: JobRecord): Promise<void> {
    const ended =
      job.kind === 'extract'
        ? await runExtractJob(store, job.id, { ...runtime, ...(options.search ? { search: options.search } : {}) })
        : await runLlmsTxtJob(store, job.id, runtime);
    // Billing follows the work: what the job counted is what the team pays.
    if (ended) await charge(store, ended.teamId, ended.counters.creditsUsed);
  }

  return {
    run(job) {
      const task: Promise<void> = work(job)
        .catch((error) => logger.error(`${job.kind} job ${job.id} could not run`, error))
        .finally(() => running.delete(task));
      running.add(task);
    },
    async settled() {
      while (running.size) await Promise.all([...running]);
    },
    async close() {
      stop.abort();
      while (running.size) await Promise.all([...running]);
    },
  };
}

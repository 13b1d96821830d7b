/**
 * Runs extract and llms.txt jobs. They have no frontier for workers to lease, so the API
 * process that created one runs it, in the background, with the credits the route reserved for
 * it, and settles that hold at what the job counted when it ends. The model's tokens and the
 * credits are charged to the hold's team and key.
 */
import {
  meteredLlm,
  runExtractJob,
  runLlmsTxtJob,
  settleCredits,
  type Browser,
  type AccountHold,
  type JobRecord,
  type LlmProvider,
  type SearchProvider,
  type SsrfPolicy,
  type Store,
} from '@trawl/core';
import type { Logger } from '../logger.js';

export interface LlmJobRunner {
  /** Starts the job's work, paid by `hold` (the job's most, reserved); returns at once. */
  run(job: JobRecord, hold: AccountHold): void;
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
    ...(options.browser ? { browser: options.browser } : {}),
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
    ...(options.retentionMs ? { retentionMs: options.retentionMs } : {}),
  };

  async function work(job: JobRecord, hold: AccountHold): Promise<void> {
    let cost = 0;
    try {
      const llm = options.llm && meteredLlm(options.llm, store.teams, { teamId: hold.teamId, apiKey: hold.apiKey });
      const jobRuntime = { ...runtime, ...(llm ? { llm } : {}) };
      const ended =
        job.kind === 'extract'
          ? await runExtractJob(store, job.id, { ...jobRuntime, ...(options.search ? { search: options.search } : {}) })
          : await runLlmsTxtJob(store, job.id, jobRuntime);
      // What the job counted is what the team pays; the rest of the hold goes back.
      cost = ended?.counters.creditsUsed ?? 0;
    } finally {
      await settleCredits(store.teams, hold, cost);
    }
  }

  return {
    run(job, hold) {
      const task: Promise<void> = work(job, hold)
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

/**
 * Runs extract, llms.txt and agent jobs. They have no frontier for workers to lease, so the API
 * process that created one runs it, in the background, with the credits the route reserved for
 * it, and settles that hold at what the job counted when it ends. The model's tokens and the
 * credits are charged to the hold's team and key.
 */
import { runAgentJob, runExtractJob, runLlmsTxtJob, settleCredits, teamRuntime, type AccountHold } from '@trawl/core/server';
import type { JobRecord } from '@trawl/core/ports';
import type { RuntimeWithStore } from '@trawl/core';
import type { WebhookSender } from '../webhooks/index.js';
import { agentWebhooks } from './agent-webhooks.js';

export interface LlmJobRunner {
  /** Starts the job's work, paid by `hold` (the job's most, reserved); returns at once. */
  run(job: JobRecord, hold: AccountHold): void;
  /** A job was cancelled through the API: when it runs here, it stops now rather than at its next look at the store. */
  cancelled(jobId: string): void;
  /** Resolves when every job started so far has ended. */
  settled(): Promise<void>;
  /** Stops the jobs still running (they end `cancelled`: their work cannot resume) and waits for them. */
  close(): Promise<void>;
}

/** Runs jobs with the API's runtime: its store, policy, browser, search provider (the job's team's) and model (metered to that team). */
export function createLlmJobRunner(runtime: RuntimeWithStore, webhooks?: WebhookSender): LlmJobRunner {
  const { store, logger } = runtime;
  const stop = new AbortController();
  const running = new Set<Promise<void>>();
  const stops = new Map<string, AbortController>();

  async function work(job: JobRecord, hold: AccountHold): Promise<void> {
    let cost = 0;
    try {
      const account = { teamId: hold.teamId, apiKey: hold.apiKey };
      // The model metered to the job's team, and extract's web search over that team's local index.
      const own = new AbortController();
      stops.set(job.id, own);
      const run = { runtime: teamRuntime(runtime, account), signal: AbortSignal.any([stop.signal, own.signal]) };
      const ended = await runJob(job, run);
      // What the job counted is what the team pays; the rest of the hold goes back.
      cost = ended?.counters.creditsUsed ?? 0;
    } finally {
      stops.delete(job.id);
      await settleCredits(store.teams, hold, cost);
    }
  }

  async function runJob(job: JobRecord, run: { runtime: RuntimeWithStore; signal: AbortSignal }): Promise<JobRecord | null> {
    if (job.kind === 'extract') return runExtractJob(store, job.id, run);
    if (job.kind === 'llmstxt') return runLlmsTxtJob(store, job.id, run);
    const events = agentWebhooks(job, webhooks);
    events.started();
    const ended = await runAgentJob(store, job.id, run, { onAction: (_id, action) => events.action(action) });
    events.ended(ended);
    return ended;
  }

  return {
    run(job, hold) {
      const task: Promise<void> = work(job, hold)
        .catch((error) => logger.error(`${job.kind} job ${job.id} could not run`, error))
        .finally(() => running.delete(task));
      running.add(task);
    },
    cancelled(jobId) {
      stops.get(jobId)?.abort();
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

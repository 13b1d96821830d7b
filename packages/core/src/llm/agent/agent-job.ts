import type { JobRecord, Store } from '../../ports/store.js';
import { splitRuntime } from '../../runtime/runtime.js';
import type { LlmJobOptions } from '../llm-runtime.js';
import { createLlmJob, llmJobSpecOf, runStoredJob, type StartLlmJobInput } from '../stored-job.js';
import type { AgentAction } from './agent-prompt.js';
import { resolveAgentRequest, type AgentRequest, type AgentRequestInput } from './agent-request.js';
import { runAgent, type AgentOutput } from './run-agent.js';

/**
 * Creates an agent job (kind `agent`, status `scraping`) after validating the request;
 * `runAgentJob` then runs it, here or in another process on the same store.
 */
export async function startAgentJob(store: Store, request: AgentRequestInput, input: StartLlmJobInput = {}): Promise<JobRecord> {
  return createLlmJob(store, 'agent', resolveAgentRequest(request), input);
}

export interface AgentJobHooks {
  /** An action ended; the job's record already holds it (see `AgentHooks.onAction`). */
  onAction?(jobId: string, action: AgentAction): Promise<void> | void;
}

/**
 * Runs an agent job to its end: `completed` with its AgentOutput, `failed`, or `cancelled`.
 * While it runs, the record's output holds the actions and sources so far and `creditsUsed`
 * counts what it spent (`total`/`completed`: pages read). Never rejects; resolves the final record.
 */
export async function runAgentJob(
  store: Store,
  jobId: string,
  options: LlmJobOptions = {},
  hooks: AgentJobHooks = {},
): Promise<JobRecord | null> {
  const { runtime, rest: run } = splitRuntime(options);
  return runStoredJob<AgentOutput>(store, jobId, { retentionMs: runtime.retentionMs, signal: run.signal }, (record, signal) => {
    let sourcesCounted = 0;
    return runAgent(
      llmJobSpecOf<AgentRequest>(record, 'agent').request,
      runtime,
      { ...run, signal },
      {
        onAction: async (action, progress) => {
          // Pages read are the new sources: a page read again is not counted twice.
          const pages = progress.sources.length - sourcesCounted;
          sourcesCounted = progress.sources.length;
          await store.jobs.increment(jobId, { creditsUsed: action.credits, ...(pages ? { total: pages, completed: pages } : {}) });
          await store.jobs.saveOutput(jobId, progress);
          await hooks.onAction?.(jobId, action);
        },
      },
    );
  });
}

/** The agent in this process, with no store: the library's one call. */
export async function agent(request: AgentRequestInput, options: LlmJobOptions = {}): Promise<AgentOutput> {
  const { runtime, rest: run } = splitRuntime(options);
  return runAgent(resolveAgentRequest(request), runtime, run);
}

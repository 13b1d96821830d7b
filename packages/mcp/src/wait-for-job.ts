/**
 * Waits for a job the tool started, telling the client how far it got: an MCP progress
 * notification each time more pages are done, when the client asked for progress (a
 * `progressToken`). Reads the job record from the store, as the status endpoints do, so waiting
 * costs no requests against the team's rate limit. Stops at the time budget or when the client
 * cancels the call; the job goes on either way and is read by id afterwards.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { isTerminal, type JobStatus } from '@trawl/core';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { ToolContext } from './context.js';

const FINAL_PROGRESS_PAUSE_MS = 50;

export type ToolExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

export interface WaitOutcome {
  /** The job's last status seen; `scraping` when the wait ended before the job did. */
  status: JobStatus | 'unknown';
  /** Why the wait ended before the job did. */
  gaveUp?: 'time budget' | 'cancelled by the client';
}

export async function waitForJob(context: ToolContext, jobId: string, label: string, extra: ToolExtra): Promise<WaitOutcome> {
  const progressToken = extra._meta?.progressToken;
  const deadline = Date.now() + context.limits.maxWaitMs;
  let reported = -1;
  for (;;) {
    const job = await context.api.store.jobs.get(jobId);
    if (!job) return { status: 'unknown' };
    const { completed, total } = job.counters;
    const notify = progressToken !== undefined && completed > reported;
    if (notify) {
      reported = completed;
      await extra.sendNotification({
        method: 'notifications/progress',
        params: {
          progressToken,
          progress: completed,
          ...(total >= completed && total > 0 ? { total } : {}),
          message: `${label} (job ${jobId}): ${completed} of ${total} page(s) done`,
        },
      });
    }
    if (isTerminal(job.status)) {
      // The SDK's client drops a call's progress handler as soon as it reads the answer, and runs
      // notification handlers a microtask later: a pause lets the last count go out on its own.
      if (notify) await sleep(FINAL_PROGRESS_PAUSE_MS);
      return { status: job.status };
    }
    if (extra.signal.aborted) return { status: job.status, gaveUp: 'cancelled by the client' };
    if (Date.now() >= deadline) return { status: job.status, gaveUp: 'time budget' };
    await sleep(context.limits.pollIntervalMs, undefined, { signal: extra.signal }).catch(() => undefined);
  }
}

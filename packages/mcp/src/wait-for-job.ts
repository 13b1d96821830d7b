/**
 * Waits for a job the tool started, telling the client how far it got: an MCP progress
 * notification each time more pages are done, when the client asked for progress (a
 * `progressToken`). Reads the job record from the store, as the status endpoints do, so waiting
 * costs no requests against the team's rate limit. Stops at the time budget or when the client
 * cancels the call; the job goes on either way and is read by id afterwards.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { isTerminal } from '@trawl/core/server';
import type { JobStatus } from '@trawl/core/ports';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { EmptyResultSchema, type ServerNotification, type ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { ToolContext } from './context.js';

export type ToolExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

export interface WaitOutcome {
  /** The job's last status seen; `scraping` when the wait ended before the job did. */
  status: JobStatus | 'unknown';
  /** Why the wait ended before the job did. */
  gaveUp?: 'time budget' | 'cancelled by the client';
}

export async function waitForJob(context: ToolContext, jobId: string, label: string, extra: ToolExtra): Promise<WaitOutcome> {
  const outcome = await watchJob(context, jobId, label, extra);
  // A client that cancelled the call reads no answer and wants no more progress.
  if (outcome.notified && outcome.gaveUp !== 'cancelled by the client') await progressDelivered(context, extra);
  return { status: outcome.status, ...(outcome.gaveUp ? { gaveUp: outcome.gaveUp } : {}) };
}

/**
 * Resolves once the client has handled every progress notification sent so far, before the
 * answer goes out. The SDK's client drops a call's progress handler as soon as it reads the answer
 * but runs notification handlers a microtask later, so a notification read in the same chunk as
 * the answer is lost. Over stdio both can share a chunk whatever the server does (the pipe joins
 * writes), so the server pings the client: the client handles messages in order and runs the
 * notification's handler before it answers the ping. Over Streamable HTTP the client awaits each
 * event of the stream before reading the next, so the handler runs before the answer is read, and
 * the client could not answer a ping there anyway (stateless: its answer would be a POST of its
 * own, to another server).
 */
async function progressDelivered(context: ToolContext, extra: ToolExtra): Promise<void> {
  if (!context.answersRequests) return;
  // A client that fails the ping has still read the notification before failing it.
  await extra.sendRequest({ method: 'ping' }, EmptyResultSchema).catch(() => undefined);
}

async function watchJob(
  context: ToolContext,
  jobId: string,
  label: string,
  extra: ToolExtra,
): Promise<WaitOutcome & { notified: boolean }> {
  const progressToken = extra._meta?.progressToken;
  const deadline = Date.now() + context.limits.maxWaitMs;
  let reported = -1;
  for (;;) {
    const job = await context.api.store.jobs.get(jobId);
    if (!job) return { status: 'unknown', notified: reported >= 0 };
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
    if (isTerminal(job.status)) return { status: job.status, notified: reported >= 0 };
    if (extra.signal.aborted) return { status: job.status, gaveUp: 'cancelled by the client', notified: reported >= 0 };
    if (Date.now() >= deadline) return { status: job.status, gaveUp: 'time budget', notified: reported >= 0 };
    await sleep(context.limits.pollIntervalMs, undefined, { signal: extra.signal }).catch(() => undefined);
  }
}

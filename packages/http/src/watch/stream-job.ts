/**
 * One status stream's loop: reads the job's documents from the store a slice at a time and sends
 * the next slice only once the socket took the last (every send's write callback fired), so a
 * stream holds at most one slice in memory whatever the crawl's size and however slowly its
 * client reads. A client that takes nothing for `stallMs` is dropped.
 */
import { isTerminal, readStatusPage, toV1JobStatus } from '@trawl/core/server';
import type { Document } from '@trawl/core';
import type { JobRecord, Store } from '@trawl/core/ports';
import type { WebSocket } from 'ws';

/** Bytes of documents read from the store and sent per step (at least one document, however large). */
export const STREAM_SLICE_BYTES = 1024 * 1024;
/** A stream whose client took nothing for this long is closed. */
export const STREAM_STALL_MS = 120_000;

export type StreamView = (documents: Document[], job: JobRecord) => unknown[];

export interface StreamJobOptions {
  store: Store;
  view: StreamView;
  /** How often a running job is looked at for new pages. */
  pollMs: number;
  /** True once the API is closing. */
  stopped(): boolean;
  sliceBytes?: number;
  stallMs?: number;
}

export async function streamJob(ws: WebSocket, first: JobRecord, options: StreamJobOptions): Promise<void> {
  const { store, view } = options;
  const sliceBytes = options.sliceBytes ?? STREAM_SLICE_BYTES;
  let open = true;
  ws.on('close', () => (open = false));
  ws.on('error', () => (open = false));
  const deliver = (messages: unknown[]) => sendAll(ws, messages, options.stallMs ?? STREAM_STALL_MS);

  let job = first;
  let page = await readStatusPage(store, job, { skip: 0, maxBytes: sliceBytes });
  let sent = page.documents.length;
  // While pages remain unsent the job reads as running, so the SDK waits for them.
  const shownStatus = (done: boolean) => (done ? job.status : 'scraping');
  await deliver([
    { type: 'catchup', data: { ...toV1JobStatus(job), status: shownStatus(page.next === undefined), data: view(page.documents, job) } },
  ]);
  while (open && !options.stopped()) {
    const finishedBefore = isTerminal(job.status);
    page = await readStatusPage(store, job, { skip: sent, maxBytes: sliceBytes });
    await deliver(view(page.documents, job).map((document) => ({ type: 'document', data: document })));
    sent += page.documents.length;
    if (finishedBefore && page.next === undefined) {
      await deliver([endMessage(job)]);
      ws.close(1000);
      return;
    }
    if (!page.documents.length) await sleep(options.pollMs);
    const latest = await store.jobs.get(job.id);
    if (!latest) {
      await deliver([{ type: 'error', error: 'The job expired' }]);
      ws.close(1000);
      return;
    }
    job = latest;
  }
}

function endMessage(job: JobRecord): unknown {
  const status = { ...toV1JobStatus(job), data: [] };
  if (job.status === 'completed') return { type: 'done', data: status };
  if (job.status === 'failed') return { type: 'error', error: job.error?.message ?? 'The job failed', data: status };
  return { type: 'status', data: status };
}

/**
 * Sends the messages and resolves once the socket has written them all out (or closed). A client
 * that leaves them unread past `stallMs` has its connection ended.
 */
function sendAll(ws: WebSocket, messages: unknown[], stallMs: number): Promise<void> {
  if (messages.length === 0 || ws.readyState !== ws.OPEN) return Promise.resolve();
  return new Promise((resolve) => {
    let pending = messages.length;
    const finish = () => {
      clearTimeout(stall);
      ws.off('close', finish);
      resolve();
    };
    const stall = setTimeout(() => {
      ws.terminate();
      finish();
    }, stallMs);
    stall.unref();
    // A closed socket may never call back for what it had not written.
    ws.once('close', finish);
    const written = () => {
      if (--pending === 0) finish();
    };
    for (const message of messages) ws.send(JSON.stringify(message), written);
  });
}

/** Sends one message without waiting: an error said before the stream's loop exists. */
export function sendNow(ws: WebSocket, message: unknown): void {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

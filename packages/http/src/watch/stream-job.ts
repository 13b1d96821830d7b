/**
 * One status stream's loop: reads the job's documents a slice at a time and sends the next slice
 * only once the socket took the last (every send's write callback fired), so a stream holds at
 * most one slice in memory whatever the crawl's size and however slowly its client reads. Each
 * slice waits for a turn (stream-turns.ts), so many streams share the event loop with everything
 * else, and a finished job's slices are encoded once for all its streams (stream-slices.ts).
 * A client that takes nothing for `stallMs` is dropped.
 */
import { isTerminal, toV1JobStatus } from '@trawl/core/server';
import type { JobRecord, Store } from '@trawl/core/ports';
import { Buffer } from 'node:buffer';
import type { WebSocket } from 'ws';
import { catchupMessage, type SliceReader } from './stream-slices.js';
import type { StreamTurns } from './stream-turns.js';

/** Bytes of documents read from the store and sent per step (at least one document, however large). */
export const STREAM_SLICE_BYTES = 256 * 1024;
/** A stream whose client took nothing for this long is closed. */
export const STREAM_STALL_MS = 120_000;

export interface StreamJobOptions {
  store: Store;
  /** The job's slices, encoded (cached once the job is finished). */
  readSlice: SliceReader;
  turns: StreamTurns;
  /** How often a running job is looked at for new pages. */
  pollMs: number;
  /** True once the API is closing. */
  stopped(): boolean;
  /** Bytes of documents per slice: what a turn is counted at. */
  sliceBytes: number;
  stallMs?: number;
}

export async function streamJob(ws: WebSocket, first: JobRecord, options: StreamJobOptions): Promise<void> {
  const { store, readSlice, turns, sliceBytes } = options;
  let open = true;
  ws.on('close', () => (open = false));
  ws.on('error', () => (open = false));
  const deliver = (messages: readonly unknown[]) => sendAll(ws, messages, options.stallMs ?? STREAM_STALL_MS);

  let job = first;
  await turns.take(first.teamId, sliceBytes);
  let slice = await readSlice(job, 0);
  let sent = slice.messages.length;
  // While pages remain unsent the job reads as running, so the SDK waits for them.
  const shownStatus = (done: boolean) => (done ? job.status : 'scraping');
  await deliver([catchupMessage({ ...toV1JobStatus(job), status: shownStatus(slice.next === undefined) }, slice)]);
  while (open && !options.stopped()) {
    const finishedBefore = isTerminal(job.status);
    await turns.take(first.teamId, sliceBytes);
    if (!open) return;
    slice = await readSlice(job, sent);
    await deliver(slice.messages);
    sent += slice.messages.length;
    if (finishedBefore && slice.next === undefined) {
      await deliver([endMessage(job)]);
      ws.close(1000);
      return;
    }
    if (!slice.messages.length) await sleep(options.pollMs);
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
 * Sends the messages (encoded ones as they are, as text frames; others as JSON) and resolves once
 * the socket has written them all out (or closed). A client that leaves them unread past `stallMs`
 * has its connection ended.
 */
function sendAll(ws: WebSocket, messages: readonly unknown[], stallMs: number): Promise<void> {
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
    for (const message of messages) {
      if (Buffer.isBuffer(message)) ws.send(message, { binary: false }, written);
      else ws.send(JSON.stringify(message), written);
    }
  });
}

/** Sends one message without waiting: an error said before the stream's loop exists. */
export function sendNow(ws: WebSocket, message: unknown): void {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

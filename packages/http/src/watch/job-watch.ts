/**
 * The WebSocket status stream of a crawl or batch job, as the SDKs open it (4.x `watcher()` on
 * `/v2/crawl/{id}` and `/v2/batch/scrape/{id}`, 1.x `crawlUrlAndWatch` on `/v1/crawl/{id}`), with
 * the API key as the WebSocket subprotocol. Messages, as the SDKs read them:
 * `{type:"catchup", data:{status, total, completed, creditsUsed, expiresAt, data}}` first, then
 * `{type:"document", data}` per new page, then `{type:"done", data}` (completed),
 * `{type:"error", error}` (failed) or `{type:"status", data:{status:"cancelled", …}}`.
 * The stream reads the store, so it follows jobs any worker runs. Without it the SDKs poll.
 * Streams are budgeted (stream-budget.ts: per team at once, per team a minute, per server) and
 * paced by their client (stream-job.ts: the next slice of documents only once the last was written).
 * They take turns on the event loop (stream-turns.ts), and a finished job's slices are encoded once
 * for all its streams, in a byte-bounded cache kept per team (stream-slices.ts, team-byte-cache.ts).
 */
import type { Duplex } from 'node:stream';
import type { Document } from '@trawl/core';
import type { JobRecord, Store } from '@trawl/core/ports';
import { WebSocketServer } from 'ws';
import type { Authenticator } from '../auth/authenticate.js';
import { ApiError } from '../transport/api-error.js';
import { locateRequest } from '../transport/request-url.js';
import type { NodeRequest } from '../transport/types.js';
import type { Logger } from '../logger.js';
import { findTeamJob } from '../routes/find-job.js';
import { toV2Document, v2ShapingOf } from '../v2/v2-document.js';
import { v1Documents } from '../v1/v1-document.js';
import { createStreamBudget, isRefusal, type StreamLimits, streamCacheLimits } from './stream-budget.js';
import { sendNow, STREAM_SLICE_BYTES, streamJob } from './stream-job.js';
import { createSliceReader, type EncodedSlice } from './stream-slices.js';
import { createStreamTurns } from './stream-turns.js';
import { createTeamByteCache, type TeamByteCache } from './team-byte-cache.js';
import { watchTarget } from './watch-target.js';

/** How often a stream looks for new pages. */
const DEFAULT_POLL_MS = 250;

export interface JobWatchOptions {
  store: Store;
  authenticate: Authenticator;
  /** Resolves once the API can serve (starting balances set). */
  ready: Promise<void>;
  logger: Logger;
  basePath?: string;
  pollMs?: number;
  limits?: StreamLimits;
  /** Bytes of documents a stream reads and sends per step (default 1 MiB). */
  sliceBytes?: number;
  /** The finished jobs' encoded slices (default: one bounded by `limits`' cache sizes). */
  cache?: TeamByteCache<EncodedSlice>;
}

export interface JobWatch {
  /** For `server.on('upgrade')`: answers watch paths, refuses anything else. */
  handleUpgrade(req: NodeRequest, socket: Duplex, head: Buffer): void;
  close(): void;
}

export function createJobWatch(options: JobWatchOptions): JobWatch {
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const budget = createStreamBudget(options.store, options.limits);
  const sliceBytes = options.sliceBytes ?? STREAM_SLICE_BYTES;
  const cache = options.cache ?? createTeamByteCache<EncodedSlice>(streamCacheLimits(options.limits));
  const turns = createStreamTurns(options.limits?.bytesPerTurn);
  const readers = {
    v1: createSliceReader({ store: options.store, view: v1Documents, viewName: 'v1', sliceBytes, cache }),
    v2: createSliceReader({ store: options.store, view: v2View, viewName: 'v2', sliceBytes, cache }),
  };
  // The key arrives as the subprotocol; the handshake echoes it back, as browsers require.
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 4096,
    handleProtocols: (protocols) => protocols.values().next().value ?? false,
  });
  let closed = false;

  async function accept(req: NodeRequest, socket: Duplex, head: Buffer): Promise<void> {
    const target = watchTarget(locateRequest(req, options.basePath).path);
    if (!target) return refuse(socket, 404, 'Not found');
    if (closed) return refuse(socket, 503, 'The server is shutting down');
    await options.ready;
    const protocol = String(req.headers['sec-websocket-protocol'] ?? '')
      .split(',')[0]
      ?.trim();
    if (req.headers.authorization === undefined && protocol) req.headers.authorization = `Bearer ${protocol}`;
    let job: JobRecord;
    try {
      const { teamId } = await options.authenticate(req);
      job = await findTeamJob(options.store, decodeURIComponent(target.id), teamId, ['crawl', 'batch_scrape']);
    } catch (error) {
      if (error instanceof ApiError) return refuse(socket, error.status, error.message);
      throw error;
    }
    const place = await budget.admit(job.teamId);
    if (isRefusal(place)) return refuse(socket, place.status, place.message, place.retryAfterSeconds);
    // The client may have gone while the store answered: its place goes back at once.
    if (!socket.writable) return place.release();
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.once('close', place.release);
      const readSlice = readers[target.version];
      streamJob(ws, job, { store: options.store, readSlice, turns, pollMs, stopped: () => closed, sliceBytes }).catch((error) => {
        options.logger.error(`status stream of job ${job.id} failed`, error);
        sendNow(ws, { type: 'error', error: 'The status stream failed' });
        ws.close(1011);
      });
    });
  }

  return {
    handleUpgrade(req, socket, head) {
      accept(req, socket, head).catch((error) => {
        options.logger.error('could not open a status stream', error);
        refuse(socket, 500, 'Internal Server Error');
      });
    },
    close() {
      closed = true;
      for (const client of wss.clients) client.close(1001, 'The server is shutting down');
      wss.close();
    },
  };
}

function v2View(documents: Document[], job: JobRecord): unknown[] {
  const shaping = v2ShapingOf(job);
  return documents.map((document) => toV2Document(document, shaping));
}

/** An HTTP answer on the raw socket, before any WebSocket exists. */
function refuse(socket: Duplex, status: number, message: string, retryAfterSeconds?: number): void {
  if (!socket.writable) return;
  const body = JSON.stringify({ success: false, error: message });
  const retry = retryAfterSeconds === undefined ? '' : `Retry-After: ${retryAfterSeconds}\r\n`;
  socket.end(
    `HTTP/1.1 ${status} ${statusText(status)}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${retry}Connection: close\r\n\r\n${body}`,
  );
}

function statusText(status: number): string {
  return (
    { 401: 'Unauthorized', 404: 'Not Found', 429: 'Too Many Requests', 500: 'Internal Server Error', 503: 'Service Unavailable' }[status] ??
    'Error'
  );
}

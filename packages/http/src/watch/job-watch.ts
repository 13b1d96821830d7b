/**
 * The WebSocket status stream of a crawl or batch job, as the SDKs open it (4.x `watcher()` on
 * `/v2/crawl/{id}` and `/v2/batch/scrape/{id}`, 1.x `crawlUrlAndWatch` on `/v1/crawl/{id}`), with
 * the API key as the WebSocket subprotocol. Messages, as the SDKs read them:
 * `{type:"catchup", data:{status, total, completed, creditsUsed, expiresAt, data}}` first, then
 * `{type:"document", data}` per new page, then `{type:"done", data}` (completed),
 * `{type:"error", error}` (failed) or `{type:"status", data:{status:"cancelled", …}}`.
 * The stream reads the store, so it follows jobs any worker runs. Without it the SDKs poll.
 */
import type { Duplex } from 'node:stream';
import { isTerminal, readStatusPage, toV1JobStatus, type Document, type JobRecord, type Store } from '@trawl/core';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Authenticator } from '../auth/authenticate.js';
import { ApiError } from '../http/api-error.js';
import { locateRequest } from '../http/request-url.js';
import type { NodeRequest } from '../http/types.js';
import type { Logger } from '../logger.js';
import { findTeamJob } from '../routes/find-job.js';
import { v2ShapingOf } from '../routes/v2-jobs.js';
import { toV2Document } from '../v2/v2-document.js';

const WATCH_PATH = /^\/(v1|v2)\/(crawl|batch\/scrape)\/([^/]+)\/?$/;
/** How often a stream looks for new pages. */
const DEFAULT_POLL_MS = 250;
/** Streams open at once per API; more are refused (503) so watchers cannot exhaust the server. */
const MAX_STREAMS = 1000;

export interface JobWatchOptions {
  store: Store;
  authenticate: Authenticator;
  /** Resolves once the API can serve (starting balances set). */
  ready: Promise<void>;
  logger: Logger;
  basePath?: string;
  pollMs?: number;
}

export interface JobWatch {
  /** For `server.on('upgrade')`: answers watch paths, refuses anything else. */
  handleUpgrade(req: NodeRequest, socket: Duplex, head: Buffer): void;
  close(): void;
}

export function createJobWatch(options: JobWatchOptions): JobWatch {
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  // The key arrives as the subprotocol; the handshake echoes it back, as browsers require.
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 4096,
    handleProtocols: (protocols) => protocols.values().next().value ?? false,
  });
  let closed = false;

  async function accept(req: NodeRequest, socket: Duplex, head: Buffer): Promise<void> {
    const match = WATCH_PATH.exec(locateRequest(req, options.basePath).path);
    if (!match) return refuse(socket, 404, 'Not found');
    if (closed || wss.clients.size >= MAX_STREAMS) return refuse(socket, 503, 'Too many status streams');
    await options.ready;
    const protocol = String(req.headers['sec-websocket-protocol'] ?? '')
      .split(',')[0]
      ?.trim();
    if (req.headers.authorization === undefined && protocol) req.headers.authorization = `Bearer ${protocol}`;
    let job: JobRecord;
    try {
      const { teamId } = await options.authenticate(req);
      job = await findTeamJob(options.store, decodeURIComponent(match[3]!), teamId, ['crawl', 'batch_scrape']);
    } catch (error) {
      if (error instanceof ApiError) return refuse(socket, error.status, error.message);
      throw error;
    }
    const view = match[1] === 'v2' ? v2View : (documents: Document[]) => documents;
    wss.handleUpgrade(req, socket, head, (ws) => {
      stream(ws, job, view).catch((error) => {
        options.logger.error(`status stream of job ${job.id} failed`, error);
        send(ws, { type: 'error', error: 'The status stream failed' });
        ws.close(1011);
      });
    });
  }

  async function stream(ws: WebSocket, first: JobRecord, view: (documents: Document[], job: JobRecord) => unknown[]): Promise<void> {
    let open = true;
    ws.on('close', () => (open = false));
    ws.on('error', () => (open = false));
    let job = first;
    let page = await readStatusPage(options.store, job, { skip: 0 });
    let sent = page.documents.length;
    // While pages remain unsent the job reads as running, so the SDK waits for them.
    const shownStatus = (done: boolean) => (done ? job.status : 'scraping');
    send(ws, {
      type: 'catchup',
      data: { ...toV1JobStatus(job), status: shownStatus(page.next === undefined), data: view(page.documents, job) },
    });
    while (open && !closed) {
      const finishedBefore = isTerminal(job.status);
      page = await readStatusPage(options.store, job, { skip: sent });
      for (const document of view(page.documents, job)) send(ws, { type: 'document', data: document });
      sent += page.documents.length;
      if (finishedBefore && page.next === undefined) {
        send(ws, endMessage(job));
        ws.close(1000);
        return;
      }
      if (!page.documents.length) await sleep(pollMs);
      const latest = await options.store.jobs.get(job.id);
      if (!latest) {
        send(ws, { type: 'error', error: 'The job expired' });
        ws.close(1000);
        return;
      }
      job = latest;
    }
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

function endMessage(job: JobRecord): unknown {
  const status = { ...toV1JobStatus(job), data: [] };
  if (job.status === 'completed') return { type: 'done', data: status };
  if (job.status === 'failed') return { type: 'error', error: job.error?.message ?? 'The job failed', data: status };
  return { type: 'status', data: status };
}

function send(ws: WebSocket, message: unknown): void {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
}

/** An HTTP answer on the raw socket, before any WebSocket exists. */
function refuse(socket: Duplex, status: number, message: string): void {
  if (!socket.writable) return;
  const body = JSON.stringify({ success: false, error: message });
  socket.end(
    `HTTP/1.1 ${status} ${statusText(status)}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

function statusText(status: number): string {
  return { 401: 'Unauthorized', 404: 'Not Found', 500: 'Internal Server Error', 503: 'Service Unavailable' }[status] ?? 'Error';
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

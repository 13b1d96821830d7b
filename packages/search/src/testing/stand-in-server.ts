import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One hit a stand-in provider answers with. */
export interface StandInHit {
  url: string;
  title: string;
  description: string;
}

export interface StandInOptions {
  /** What every query finds: a list, or a function of the query. */
  hits: readonly StandInHit[] | ((query: string) => readonly StandInHit[]);
  /** Milliseconds to wait before answering (for timeout tests). */
  delayMs?: number;
}

/** A request a stand-in received, decoded. */
export interface RecordedSearch {
  method: string;
  url: URL;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface StandIn {
  /** Origin of the server, e.g. http://127.0.0.1:PORT. */
  origin: string;
  /** Environment variables that make `searchFromEnv` use this stand-in. */
  env: Record<string, string>;
  requests: RecordedSearch[];
  close(): Promise<void>;
}

export interface StandInRequest {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
}

export type StandInHandler = (request: StandInRequest, res: ServerResponse) => void;

/** Starts a loopback HTTP server that records each request, waits `delayMs`, then lets `handle` answer. */
export async function startStandInServer(handle: StandInHandler, delayMs = 0): Promise<Omit<StandIn, 'env'>> {
  const requests: RecordedSearch[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = {
        method: req.method ?? 'GET',
        url: new URL(req.url ?? '/', 'http://stand-in'),
        headers: { ...req.headers },
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      const answer = () => {
        try {
          handle(request, res);
        } catch (error) {
          res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
        }
      };
      if (delayMs <= 0) return answer();
      const timer = setTimeout(() => {
        timers.delete(timer);
        answer();
      }, delayMs);
      timers.add(timer);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export function hitsFor(options: StandInOptions, query: string): readonly StandInHit[] {
  return typeof options.hits === 'function' ? options.hits(query) : options.hits;
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=UTF-8' }).end(html);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

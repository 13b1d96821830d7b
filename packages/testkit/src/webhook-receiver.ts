import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body, exactly as it arrived. */
  body: string;
  json: Record<string, unknown>;
  at: number;
}

/** Answers one request; `index` counts from 0 over the receiver's life. Leave `res` open to hang. */
export type ReceiverHandler = (req: ReceivedRequest, res: ServerResponse, index: number) => void | Promise<void>;

export interface Receiver {
  url: string;
  requests: ReceivedRequest[];
  /** Requests being answered right now (for concurrency checks). */
  active: number;
  maxActive: number;
  waitForRequests(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** A real webhook receiver on 127.0.0.1 that records every request it gets. */
export async function startReceiver(handler: ReceiverHandler = (_req, res) => void res.end('ok')): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  const receiver: Receiver = {
    url: '',
    requests,
    active: 0,
    maxActive: 0,
    waitForRequests: async (count, timeoutMs = 5_000) => {
      const deadline = Date.now() + timeoutMs;
      while (requests.length < count) {
        if (Date.now() > deadline) throw new Error(`receiver got ${requests.length} requests, expected ${count}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(body) as Record<string, unknown>;
    } catch {
      // Left empty: the tests that care assert on the raw body.
    }
    const received: ReceivedRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body, json, at: Date.now() };
    const index = requests.push(received) - 1;
    receiver.active++;
    receiver.maxActive = Math.max(receiver.maxActive, receiver.active);
    res.on('close', () => receiver.active--);
    await handler(received, res, index);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}

export function answer(res: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  res.writeHead(status, headers).end(String(status));
}

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path plus query string, exactly as sent on the request line. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** Epoch milliseconds when the request arrived. */
  at: number;
}

export interface FixtureSite {
  /** Origin of the site, e.g. http://127.0.0.1:PORT (no trailing slash). */
  url: string;
  port: number;
  /** Every request the site has received, in arrival order. */
  requests: RecordedRequest[];
  resetRequests(): void;
  /** How many times a path (query ignored) was requested. */
  hits(path: string): number;
  /** Stops listening and destroys open sockets, so hanging responses cannot delay it. */
  close(): Promise<void>;
}

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export function pathWithoutQuery(path: string): string {
  const queryStart = path.search(/[?#]/);
  return queryStart === -1 ? path : path.slice(0, queryStart);
}

/** Starts an HTTP server on 127.0.0.1 at a random port that records every request before handling it. */
export async function startRecordingServer(handler: RequestHandler): Promise<FixtureSite> {
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();

  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? 'GET', path: req.url ?? '/', headers: { ...req.headers }, at: Date.now() });
    Promise.resolve()
      .then(() => handler(req, res))
      .catch((error: unknown) => {
        // A fixture bug should surface as a 500 a test can see, not as a crashed process.
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`fixture error: ${error instanceof Error ? error.message : String(error)}`);
      });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('fixture server has no TCP address');
  const port = address.port;

  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    resetRequests() {
      // Cleared in place so callers holding the array see the reset too.
      requests.length = 0;
    },
    hits(path: string) {
      const wanted = pathWithoutQuery(path);
      return requests.filter((request) => pathWithoutQuery(request.path) === wanted).length;
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      return closing;
    },
  };
}

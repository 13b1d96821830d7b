import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** In-flight counts shared by several servers, so a test can see global concurrency too. */
export interface ConcurrencyMeter {
  inFlight: number;
  maxInFlight: number;
}

export interface ConcurrencyServer {
  url: string;
  /** Most requests this server was answering at the same time. */
  readonly maxInFlight: number;
  /** Arrival time (epoch ms) of every request. */
  arrivals: number[];
  close(): Promise<void>;
}

/**
 * A server on 127.0.0.1 that answers every request after `?ms=` milliseconds (default 100)
 * and measures, on its side of the wire, how many requests overlap.
 */
export async function startConcurrencyServer(shared: ConcurrencyMeter = { inFlight: 0, maxInFlight: 0 }): Promise<ConcurrencyServer> {
  let inFlight = 0;
  let maxInFlight = 0;
  const arrivals: number[] = [];
  const server = createServer((req, res) => {
    arrivals.push(Date.now());
    inFlight++;
    shared.inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    shared.maxInFlight = Math.max(shared.maxInFlight, shared.inFlight);
    const ms = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('ms') ?? 100);
    setTimeout(() => {
      inFlight--;
      shared.inFlight--;
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    }, ms);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get maxInFlight() {
      return maxInFlight;
    },
    arrivals,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function gaps(times: number[]): number[] {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted.slice(1).map((time, i) => time - sorted[i]!);
}

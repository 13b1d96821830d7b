import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hasAuth } from '../auth/authenticate.js';
import { createTrawlApi, type TrawlApi } from '../api.js';
import type { NextFunction, NodeRequest, NodeResponse } from '../transport/types.js';
import type { TrawlApiOptions } from '../options.js';
import { openAccessProblem } from './settings.js';

export interface TrawlServer {
  readonly api: TrawlApi;
  readonly server: Server;
  /** `http://host:port` once listening. */
  readonly url: string;
  /**
   * Starts listening. Refuses a non-loopback host when no auth is configured: an open API must
   * not be reachable from other machines.
   */
  listen(port?: number, host?: string): Promise<string>;
  /** Stops accepting requests, ends idle connections, then stops the API (worker, webhooks, owned store). */
  close(): Promise<void>;
}

/** A handler served before the API on the same server, built on it: `trawl serve` mounts the MCP endpoint this way. */
export type ServerMount = (api: TrawlApi) => (req: NodeRequest, res: NodeResponse, next: NextFunction) => void;

export interface TrawlServerOptions extends TrawlApiOptions {
  /** Handlers tried in order before the API; each passes what it does not serve to `next`. */
  mounts?: readonly ServerMount[];
}

/** The API on its own `node:http` server: for standalone use (`trawl serve`) and tests. */
export function createServer(options: TrawlServerOptions = {}): TrawlServer {
  const api = createTrawlApi(options);
  const handlers = (options.mounts ?? []).map((mount) => mount(api));
  const server = createHttpServer((req, res) => {
    const step = (index: number): void => {
      const handler = handlers[index];
      if (handler) handler(req, res, () => step(index + 1));
      else api(req, res);
    };
    step(0);
  });
  server.on('upgrade', (req, socket, head) => api.handleUpgrade(req, socket, head));
  let url = '';
  let closing: Promise<void> | undefined;
  return {
    api,
    server,
    get url() {
      return url;
    },
    async listen(port = 3002, host = '127.0.0.1') {
      const problem = openAccessProblem(host, hasAuth(options.auth));
      if (problem) throw new Error(problem);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      const address = server.address() as AddressInfo;
      const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      url = `http://${shownHost}:${address.port}`;
      return url;
    },
    close() {
      closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
        server.closeIdleConnections();
        await api.close();
        // Requests still running after the API stopped (a slow scrape) are cut rather than waited for.
        server.closeAllConnections();
        await stopped;
      })();
      return closing;
    },
  };
}

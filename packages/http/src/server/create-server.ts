import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hasAuth } from '../auth/authenticate.js';
import { createTrawlApi, type TrawlApi } from '../api.js';
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

/** The API on its own `node:http` server: for standalone use (`trawl serve`) and tests. */
export function createServer(options: TrawlApiOptions = {}): TrawlServer {
  const api = createTrawlApi(options);
  const server = createHttpServer((req, res) => api(req, res));
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

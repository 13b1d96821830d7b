import type { Server } from 'node:http';
import express, { type Express } from 'express';
import { createTrawlApi, type TrawlApi, type TrawlApiOptions } from '@trawl/http';

/** Where the API is mounted: Firecrawl clients use `http://host:port/firecrawl` as their API URL. */
export const MOUNT = '/firecrawl';

export interface ExampleApp {
  app: Express;
  /** The mounted Trawl API: close it when the app shuts down (it runs the crawl worker). */
  trawlApi: TrawlApi;
}

/**
 * An existing Express app (a tiny notes service) that gains Firecrawl's API under /firecrawl.
 * Firecrawl clients point at `http://host:port/firecrawl` and work unchanged.
 */
export function createApp(options: TrawlApiOptions = {}): ExampleApp {
  const app = express();
  const trawlApi = createTrawlApi(options);

  // Mounted before the app's body parser: the API reads its own JSON bodies, up to 10 MB.
  app.use(MOUNT, trawlApi);

  app.use(express.json());
  const notes: string[] = [];
  app.get('/health', (_req, res) => {
    res.json({ ok: true });
  });
  app.post('/notes', (req, res) => {
    notes.push(String(req.body?.text ?? ''));
    res.status(201).json({ count: notes.length });
  });
  app.get('/notes', (_req, res) => {
    res.json({ notes });
  });

  return { app, trawlApi };
}

/**
 * WebSocket upgrades never pass through Express, so the server hands them over itself: the SDKs'
 * job watchers (`/firecrawl/v1/crawl/{id}`, `/firecrawl/v2/crawl/{id}`, `…/batch/scrape/{id}`)
 * go to the API, which reads the job from the end of the path (no `basePath` needed). Upgrades
 * elsewhere are left to the app's other listeners.
 */
export function routeUpgrades(server: Server, trawlApi: TrawlApi): void {
  server.on('upgrade', (req, socket, head) => {
    if (req.url?.startsWith(`${MOUNT}/`)) trawlApi.handleUpgrade(req, socket, head);
  });
}

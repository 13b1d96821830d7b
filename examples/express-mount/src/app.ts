import express, { type Express } from 'express';
import { createTrawlApi, type TrawlApi, type TrawlApiOptions } from '@trawl/http';

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
  app.use('/firecrawl', trawlApi);

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

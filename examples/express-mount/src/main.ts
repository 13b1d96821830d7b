import { parseApiKeys, readAllowPrivateNetwork } from '@trawl/http';
import { createApp } from './app.js';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
const keys = process.env.TRAWL_API_KEYS?.trim() ? parseApiKeys(process.env.TRAWL_API_KEYS) : undefined;

const { app, trawlApi } = createApp({
  ...(keys ? { auth: keys } : {}),
  allowPrivateNetwork: readAllowPrivateNetwork(process.env),
});

const server = app.listen(port, host, () => {
  console.log(`Example app on http://${host}:${port} — Firecrawl API at http://${host}:${port}/firecrawl`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close();
    server.closeIdleConnections();
    // Stops the API's worker; unfinished pages stay queued in its store.
    void trawlApi.close();
  });
}

import { readSettings } from '@trawl/core/settings';
import { createApp, routeUpgrades } from './app.js';

// The settings `trawl serve` reads, through the same table (a malformed one stops the start);
// the example listens on 3000 unless PORT says otherwise.
const settings = readSettings(['port', 'host', 'apiKeys', 'allowPrivateNetwork'], { PORT: '3000', ...process.env });
const { port, host } = settings;

const { app, trawlApi } = createApp({
  ...(settings.apiKeys?.size ? { auth: settings.apiKeys } : {}),
  allowPrivateNetwork: settings.allowPrivateNetwork,
});

const server = app.listen(port, host, () => {
  console.log(`Example app on http://${host}:${port} — Firecrawl API at http://${host}:${port}/firecrawl`);
});
// The SDKs' watcher() streams a crawl's pages over a WebSocket; without this they poll.
routeUpgrades(server, trawlApi);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close();
    server.closeIdleConnections();
    // Stops the API's worker; unfinished pages stay queued in its store.
    void trawlApi.close();
  });
}

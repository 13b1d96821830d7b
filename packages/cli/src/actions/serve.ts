import { closeDispatchers, closeSharedConvertPool, describeSsrfPolicy, OPEN_POLICY, STRICT_POLICY, type Document } from '@trawl/core';
import { createServer, createStoreRegistry, openAccessProblem, readServerSettings, type Env, type ServerSettings, type StoreRegistry } from '@trawl/http';
import { adaptersFromEnv } from '../adapters-from-env.js';
import type { ServeFlags } from '../commands/serve.js';
import { convertPoolFromEnv } from '../convert-pool-from-env.js';
import { type CliIO, writeLine } from '../io.js';
import { storeFromUrl } from '../store-from-url.js';
import { DEFAULT_STORE_URL } from '../store-url.js';

/** `trawl serve`: settings from flags over the environment, checked before anything opens. */
export async function serveAction(flags: ServeFlags, env: Env, io: CliIO): Promise<void> {
  const settings = readServerSettings({
    ...env,
    ...(flags.port === undefined ? {} : { PORT: flags.port }),
    ...(flags.host === undefined ? {} : { HOST: flags.host }),
    ...(flags.store === undefined ? {} : { TRAWL_STORE: flags.store }),
    ...(flags.worker ? {} : { TRAWL_WORKER: 'false' }),
    ...(flags.allowPrivateNetwork ? { TRAWL_ALLOW_PRIVATE_NETWORK: 'true' } : {}),
  });
  // Checked before the store opens, so a refused start leaves nothing behind.
  const problem = openAccessProblem(settings.host, settings.apiKeys !== undefined);
  if (problem) throw new Error(problem);
  convertPoolFromEnv(env);
  await serve(settings, env, io);
}

async function serve(settings: ServerSettings, env: Env, io: CliIO): Promise<void> {
  const storeSetting = settings.store ?? DEFAULT_STORE_URL;
  const store = await serverStores().open(storeSetting);
  const { localIndex, ...adapters } = await adaptersFromEnv(env, store).catch(async (error: unknown) => {
    await store.close();
    throw error;
  });
  const server = createServer({
    store,
    ...adapters,
    // Local search finds what this server's jobs crawled.
    ...(localIndex ? { onPage: (document: Document) => localIndex.indexDocument(document) } : {}),
    ...(settings.apiKeys ? { auth: settings.apiKeys } : {}),
    allowPrivateNetwork: settings.allowPrivateNetwork,
    worker: settings.worker ? { ...(settings.workerConcurrency ? { concurrency: settings.workerConcurrency } : {}) } : false,
    rateLimits: settings.rateLimits,
    credits: settings.credits,
    ...(settings.webhookSecret ? { webhooks: { secret: settings.webhookSecret } } : {}),
    ...(settings.retentionMs ? { retentionMs: settings.retentionMs } : {}),
  });
  const stopRequested = new Promise<string>((resolve) => {
    process.once('SIGTERM', () => resolve('SIGTERM'));
    process.once('SIGINT', () => resolve('SIGINT'));
  });
  try {
    const url = await server.listen(settings.port, settings.host);
    const auth = settings.apiKeys ? `${settings.apiKeys.size} key(s)` : 'open (loopback only)';
    // One write, so whoever waits for the URL line also has the summary.
    writeLine(
      io.stdout,
      `Trawl API listening on ${url}\n` +
        `store: ${storeSetting}; worker: ${settings.worker ? 'on' : 'off'}; auth: ${auth}; ` +
        `browser: ${adapters.browser ? 'on' : 'off'}; llm: ${adapters.llm?.model ?? 'none'}; search: ${adapters.search?.name ?? 'none'}\n` +
        describeSsrfPolicy(settings.allowPrivateNetwork ? OPEN_POLICY : STRICT_POLICY),
    );
    const signal = await stopRequested;
    writeLine(io.stdout, `${signal}: shutting down; unfinished pages stay queued in the store`);
  } finally {
    await server.close();
    await Promise.all([store.close(), adapters.browser?.close()]);
    await Promise.all([closeDispatchers(), closeSharedConvertPool()]);
  }
}

/** The server's store drivers: the adapters the CLI wires (shared with `trawl worker`). */
function serverStores(): StoreRegistry {
  const registry = createStoreRegistry();
  for (const scheme of ['sqlite', 'redis', 'rediss']) registry.register(scheme, (_target, setting) => storeFromUrl(setting));
  return registry;
}

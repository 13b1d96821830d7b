import { Command } from 'commander';
import { closeDispatchers, closeSharedConvertPool, describeSsrfPolicy, OPEN_POLICY, STRICT_POLICY, type Document } from '@trawl/core';
import { createServer, createStoreRegistry, openAccessProblem, readServerSettings, type Env, type ServerSettings, type StoreRegistry } from '@trawl/http';
import { adaptersFromEnv } from '../adapters-from-env.js';
import { convertPoolFromEnv } from '../convert-pool-from-env.js';
import { type CliIO, writeLine } from '../io.js';
import { DEFAULT_STORE_URL, STORE_URL_FORMS, storeFromUrl } from '../store-from-url.js';

interface ServeFlags {
  port?: string;
  host?: string;
  store?: string;
  /** False with --no-worker. */
  worker: boolean;
  allowPrivateNetwork?: boolean;
}

/**
 * `trawl serve`: the v0/v1 API on its own server. Flags win over the environment (PORT, HOST,
 * TRAWL_STORE, TRAWL_API_KEYS…, see docs/self-hosting.md). Runs until SIGTERM or SIGINT, then
 * stops taking requests and hands unfinished pages back to the store, so a restart resumes them.
 */
export function serveCommand(io: CliIO, env: Env = process.env): Command {
  return new Command('serve')
    .description('serve the Firecrawl-compatible v0/v1 API (settings from flags or the environment)')
    .option('-p, --port <port>', 'port to listen on (env PORT, default 3002)')
    .option('--host <host>', 'address to bind (env HOST, default 127.0.0.1)')
    .option('--store <store>', `${STORE_URL_FORMS} (env TRAWL_STORE, default ${DEFAULT_STORE_URL})`)
    .option('--no-worker', 'do not run jobs in this process (workers elsewhere share the store)')
    .option('--allow-private-network', 'let requests fetch loopback, private and link-local addresses (env TRAWL_ALLOW_PRIVATE_NETWORK, default false)')
    .action(async (flags: ServeFlags) => {
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
    });
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

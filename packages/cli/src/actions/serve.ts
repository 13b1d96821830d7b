import type { Command } from 'commander';
import { closeDispatchers, closeSharedConvertPool, describeSsrfPolicy, OPEN_POLICY, STRICT_POLICY, type Document } from '@trawl/core';
import { showSetting, type Env } from '@trawl/core/settings';
import { createServer, openAccessProblem } from '@trawl/http';
import { adaptersFromEnv } from '../adapters-from-env.js';
import { convertPoolFromEnv } from '../convert-pool-from-env.js';
import { type CliIO, writeLine } from '../io.js';
import { openStore } from '../open-store.js';
import { printCheck, readProcessSettings, type ProcessSettings } from '../process-settings.js';

/** `trawl serve`: settings read and checked before anything opens; `--check` stops there. */
export async function serveAction(command: Command, flags: { check?: boolean }, env: Env, io: CliIO): Promise<void> {
  const settings = readProcessSettings(command, env);
  // Checked before the store opens, so a refused start leaves nothing behind.
  const problem = openAccessProblem(settings.host, Boolean(settings.apiKeys?.size));
  if (problem) throw new Error(problem);
  if (flags.check) return printCheck(settings, command, env, io);
  convertPoolFromEnv(env);
  await serve(settings, env, io);
}

async function serve(settings: ProcessSettings, env: Env, io: CliIO): Promise<void> {
  const store = await openStore(settings.store);
  const { localIndex, ...adapters } = await adaptersFromEnv(env, store).catch(async (error: unknown) => {
    await store.close();
    throw error;
  });
  const server = createServer({
    store,
    ...adapters,
    // Local search finds what this server's jobs crawled.
    ...(localIndex ? { onPage: (document: Document) => localIndex.indexDocument(document) } : {}),
    ...(settings.apiKeys?.size ? { auth: settings.apiKeys } : {}),
    allowPrivateNetwork: settings.allowPrivateNetwork,
    userAgent: settings.userAgent,
    worker: settings.worker ? { concurrency: settings.concurrency, leaseMs: settings.leaseMs } : false,
    rateLimits: settings.rateLimits ?? {},
    credits: settings.credits ?? {},
    ...(settings.webhookSecret ? { webhooks: { secret: settings.webhookSecret } } : {}),
    retentionMs: Math.round(settings.retentionHours * 3_600_000),
  });
  const stopRequested = new Promise<string>((resolve) => {
    process.once('SIGTERM', () => resolve('SIGTERM'));
    process.once('SIGINT', () => resolve('SIGINT'));
  });
  try {
    const url = await server.listen(settings.port, settings.host);
    const auth = settings.apiKeys?.size ? `${settings.apiKeys.size} key(s)` : 'open (loopback only)';
    // One write, so whoever waits for the URL line also has the summary.
    writeLine(
      io.stdout,
      `Trawl API listening on ${url}\n` +
        `store: ${showSetting('store', settings.store)}; worker: ${settings.worker ? 'on' : 'off'}; auth: ${auth}; ` +
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

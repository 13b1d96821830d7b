import type { Command } from 'commander';
import { describeSsrfPolicy, type Document } from '@trawl/core';
import type { JobRecord } from '@trawl/core/ports';
import { showSetting, type Env } from '@trawl/core/settings';
import { type Logger, startJobWorkers } from '@trawl/http';
import { describeBrowser } from '../adapter-summary.js';
import { convertPoolFromEnv } from '../convert-pool-from-env.js';
import { type CliIO, writeLine } from '../io.js';
import { printCheck, readProcessSettings } from '../process-settings.js';
import { runtimeFromSettings } from '../runtime-from-settings.js';

/** `trawl worker`: leases pages from the store until a signal, then hands back what is unfinished. */
export async function workerAction(command: Command, flags: { check?: boolean }, env: Env, io: CliIO): Promise<void> {
  const settings = readProcessSettings(command, env);
  if (flags.check) return printCheck(settings, command, env, io);
  convertPoolFromEnv(env);
  const logger = stderrLogger(io);
  // A worker renders and extracts; it never searches, but feeds the local index when that is the provider.
  const { runtime, localIndex } = await runtimeFromSettings(settings, env, logger);
  const { policy } = runtime;
  // Pages are billed and webhooks sent where the pages run, as the server's own worker does;
  // monitors' due checks run here too.
  const workers = startJobWorkers({
    runtime,
    webhooks: settings.webhookSecret ? { secret: settings.webhookSecret } : {},
    worker: {
      concurrency: settings.concurrency,
      leaseMs: settings.leaseMs,
      ...(settings.workerPagesPerTeam ? { pagesPerTeam: settings.workerPagesPerTeam } : {}),
    },
    pageMemory: { keep: settings.pageMemoryPages, maxBytes: settings.pageMemoryMaxBytes },
    onEvent: (jobId, event, ...args) => {
      if (event === 'page' && localIndex) {
        const document = args[0] as Document;
        localIndex.indexJobPage(document, jobId).catch((error: unknown) => logger.error(`could not index ${document.metadata.url}`, error));
      }
      if (event !== 'completed' && event !== 'failed' && event !== 'cancelled') return;
      const job = args[0] as JobRecord;
      const { completed, failed } = job.counters;
      writeLine(io.stderr, `job ${jobId} ${job.status}: ${completed} pages, ${failed} failed${job.error ? ` (${job.error.message})` : ''}`);
    },
  });
  writeLine(
    io.stderr,
    `worker ready on ${showSetting('store', settings.store)} (pid ${process.pid}, concurrency ${settings.concurrency}; browser: ${describeBrowser(runtime.browser, env)}; llm: ${runtime.llm?.model ?? 'none'})\n` +
      describeSsrfPolicy(policy),
  );
  await new Promise<void>((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      writeLine(io.stderr, `${signal}: handing back unfinished pages and stopping`);
      resolve();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  try {
    await workers.stop();
  } finally {
    await workers.close();
    await runtime.close();
  }
}

function stderrLogger(io: CliIO): Logger {
  return {
    error: (message, error) =>
      writeLine(io.stderr, `error: ${message}${error === undefined ? '' : `: ${error instanceof Error ? error.message : String(error)}`}`),
  };
}

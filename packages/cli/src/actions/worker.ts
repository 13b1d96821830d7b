import { closeDispatchers, closeSharedConvertPool, describeSsrfPolicy, OPEN_POLICY, startWorker, STRICT_POLICY, type Document, type JobRecord } from '@trawl/core';
import { createJobNotifier, createWebhookSender, readAllowPrivateNetwork, type Logger } from '@trawl/http';
import { adaptersFromEnv } from '../adapters-from-env.js';
import type { WorkerFlags } from '../commands/worker.js';
import { convertPoolFromEnv } from '../convert-pool-from-env.js';
import { type CliIO, writeLine } from '../io.js';
import { storeFromUrl } from '../store-from-url.js';
import { DEFAULT_STORE_URL } from '../store-url.js';

/** `trawl worker`: leases pages from the store until a signal, then hands back what is unfinished. */
export async function workerAction(flags: WorkerFlags, env: NodeJS.ProcessEnv, io: CliIO): Promise<void> {
  const url = flags.store ?? (env.TRAWL_STORE?.trim() || DEFAULT_STORE_URL);
  const allowPrivate = flags.allowPrivateNetwork ?? readAllowPrivateNetwork(env);
  const policy = allowPrivate ? OPEN_POLICY : STRICT_POLICY;
  convertPoolFromEnv(env);
  const logger = stderrLogger(io);
  const store = await storeFromUrl(url);
  // A worker renders and extracts; it never searches, but feeds the local index when that is the provider.
  const { search: _search, localIndex, ...adapters } = await adaptersFromEnv(env, store);
  // Pages are billed and webhooks sent where the pages run, as the server's own worker does.
  const webhooks = createWebhookSender({
    policy,
    ...(env.TRAWL_WEBHOOK_SECRET ? { secret: env.TRAWL_WEBHOOK_SECRET } : {}),
    onDeliveryFailure: (failure) => logger.error(`webhook ${failure.event.type} to ${failure.spec.url} not delivered: ${failure.error}`),
  });
  const notifier = createJobNotifier({ store, webhooks, logger });
  const worker = startWorker({
    store,
    concurrency: flags.concurrency,
    ssrf: policy,
    ...adapters,
    ...(flags.leaseMs ? { leaseMs: flags.leaseMs } : {}),
    ...(flags.retentionHours ? { retentionMs: flags.retentionHours * 3_600_000 } : {}),
    onEvent: (jobId, event, ...args) => {
      notifier.onWorkerEvent(jobId, event, ...args);
      if (event === 'page' && localIndex) {
        const document = args[0] as Document;
        localIndex.indexDocument(document).catch((error: unknown) => logger.error(`could not index ${document.metadata.url}`, error));
      }
      if (event !== 'completed' && event !== 'failed' && event !== 'cancelled') return;
      const job = args[0] as JobRecord;
      const { completed, failed } = job.counters;
      writeLine(io.stderr, `job ${jobId} ${job.status}: ${completed} pages, ${failed} failed${job.error ? ` (${job.error.message})` : ''}`);
    },
  });
  writeLine(
    io.stderr,
    `worker ready on ${redact(url)} (pid ${process.pid}, concurrency ${flags.concurrency}; browser: ${adapters.browser ? 'on' : 'off'}; llm: ${adapters.llm?.model ?? 'none'})\n` +
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
    await worker.stop();
    await notifier.settled();
  } finally {
    await webhooks.close();
    await Promise.all([store.close(), adapters.browser?.close()]);
    await Promise.all([closeDispatchers(), closeSharedConvertPool()]);
  }
}

function stderrLogger(io: CliIO): Logger {
  return {
    error: (message, error) => writeLine(io.stderr, `error: ${message}${error === undefined ? '' : `: ${error instanceof Error ? error.message : String(error)}`}`),
  };
}

/** The store URL without its password, for logs. */
function redact(url: string): string {
  return url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');
}

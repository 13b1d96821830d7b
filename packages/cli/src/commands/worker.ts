import { Command } from 'commander';
import { closeDispatchers, closeSharedConvertPool, describeSsrfPolicy, OPEN_POLICY, startWorker, STRICT_POLICY, type Document, type JobRecord } from '@trawl/core';
import { createJobNotifier, createWebhookSender, readAllowPrivateNetwork, type Logger } from '@trawl/http';
import { adaptersFromEnv } from '../adapters-from-env.js';
import { convertPoolFromEnv } from '../convert-pool-from-env.js';
import { type CliIO, writeLine } from '../io.js';
import { nonNegativeNumber, wholeNumber } from '../numeric-flags.js';
import { DEFAULT_STORE_URL, STORE_URL_FORMS, storeFromUrl } from '../store-from-url.js';

interface WorkerFlags {
  store?: string;
  concurrency: number;
  leaseMs?: number;
  allowPrivateNetwork?: boolean;
  retentionHours?: number;
}

/**
 * `trawl worker`: runs the pages of every job in a shared store until SIGINT or SIGTERM. Start
 * as many as the crawls need, on any machines that reach the store; each hands its unfinished
 * pages back when stopped, and a killed one's pages return when their leases lapse.
 */
export function workerCommand(io: CliIO, env: NodeJS.ProcessEnv = process.env): Command {
  return new Command('worker')
    .description('run crawl and batch-scrape pages from a shared store until stopped (SIGINT/SIGTERM)')
    .option('-s, --store <url>', `where jobs live: ${STORE_URL_FORMS} (default: $TRAWL_STORE or ${DEFAULT_STORE_URL})`)
    .option('-c, --concurrency <n>', 'pages handled at once', wholeNumber(), 10)
    .option('--lease-ms <ms>', 'how long a page may take before another worker may take it over (default 120000)', wholeNumber())
    .option('--allow-private-network', 'let jobs fetch loopback, private and link-local addresses (env TRAWL_ALLOW_PRIVATE_NETWORK, default false)')
    .option('--retention-hours <hours>', 'how long finished jobs stay readable', nonNegativeNumber)
    .action(async (flags: WorkerFlags) => {
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
    });
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

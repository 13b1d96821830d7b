import { Command } from 'commander';
import type { CliIO } from '../io.js';
import { nonNegativeNumber, wholeNumber } from '../numeric-flags.js';
import { DEFAULT_STORE_URL, STORE_URL_FORMS } from '../store-url.js';

export interface WorkerFlags {
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
    .action(async (flags: WorkerFlags) => (await import('../actions/worker.js')).workerAction(flags, env, io));
}

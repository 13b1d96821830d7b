import { Command } from 'commander';
import { PROCESS_SETTINGS, SETTINGS, type Env } from '@trawl/core/settings';
import type { CliIO } from '../io.js';
import { flaggedSettings, settingOption } from '../setting-flags.js';

/** The flags of `trawl worker`: serve's, less those of listening and of the embedded worker (port, host, --no-worker). */
export const WORKER_FLAGS = flaggedSettings(PROCESS_SETTINGS.filter((name) => SETTINGS[name].scope === 'process'));

/**
 * `trawl worker`: runs the pages of every job in a shared store until SIGINT or SIGTERM. Start
 * as many as the crawls need, on any machines that reach the store; each hands its unfinished
 * pages back when stopped, and a killed one's pages return when their leases lapse. It reads the
 * same settings as `trawl serve`, so one environment configures a whole deployment.
 */
export function workerCommand(io: CliIO, env: Env = process.env): Command {
  const command = new Command('worker').description('run crawl and batch-scrape pages from a shared store until stopped (SIGINT/SIGTERM)');
  for (const name of WORKER_FLAGS) command.addOption(settingOption(name));
  return command
    .option('--check', 'check every setting and print them, then exit without opening the store')
    .action(async (flags: { check?: boolean }, self: Command) => (await import('../actions/worker.js')).workerAction(self, flags, env, io));
}

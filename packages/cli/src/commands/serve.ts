import { Command } from 'commander';
import { PROCESS_SETTINGS, SETTINGS, type Env } from '@trawl/core/settings';
import type { CliIO } from '../io.js';
import { flaggedSettings, settingOption } from '../setting-flags.js';

/** The flags of `trawl serve`: every process and server setting that has one (the rest are environment only). */
export const SERVE_FLAGS = flaggedSettings(
  PROCESS_SETTINGS.filter((name) => SETTINGS[name].scope === 'process' || SETTINGS[name].scope === 'server'),
);

/**
 * `trawl serve`: the Firecrawl-compatible API on its own server. Settings come from the settings
 * table (flags over the environment, see docs/self-hosting.md). Runs until SIGTERM or SIGINT, then
 * stops taking requests and hands unfinished pages back to the store, so a restart resumes them.
 */
export function serveCommand(io: CliIO, env: Env = process.env): Command {
  const command = new Command('serve').description('serve the Firecrawl-compatible API (settings from flags or the environment)');
  for (const name of SERVE_FLAGS) command.addOption(settingOption(name));
  return command
    .option('--check', 'check every setting and print them, then exit without opening the store or listening')
    .action(async (flags: { check?: boolean }, self: Command) => (await import('../actions/serve.js')).serveAction(self, flags, env, io));
}

import { Command } from 'commander';
import type { CliIO } from '../io.js';
import { DEFAULT_STORE_URL, STORE_URL_FORMS } from '../store-url.js';

export interface ServeFlags {
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
export function serveCommand(io: CliIO, env: Record<string, string | undefined> = process.env): Command {
  return new Command('serve')
    .description('serve the Firecrawl-compatible v0/v1 API (settings from flags or the environment)')
    .option('-p, --port <port>', 'port to listen on (env PORT, default 3002)')
    .option('--host <host>', 'address to bind (env HOST, default 127.0.0.1)')
    .option('--store <store>', `${STORE_URL_FORMS} (env TRAWL_STORE, default ${DEFAULT_STORE_URL})`)
    .option('--no-worker', 'do not run jobs in this process (workers elsewhere share the store)')
    .option('--allow-private-network', 'let requests fetch loopback, private and link-local addresses (env TRAWL_ALLOW_PRIVATE_NETWORK, default false)')
    .action(async (flags: ServeFlags) => (await import('../actions/serve.js')).serveAction(flags, env, io));
}

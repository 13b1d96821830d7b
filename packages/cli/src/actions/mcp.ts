import type { Readable, Writable } from 'node:stream';
import type { Command } from 'commander';
import type { Env } from '@trawl/core/settings';
import { createTrawlApi } from '@trawl/http';
import { serveMcpOverStdio } from '@trawl/mcp';
import { apiOptionsFrom } from '../api-options.js';
import { convertPoolFromEnv } from '../convert-pool-from-env.js';
import { type CliIO, writeLine } from '../io.js';
import { readProcessSettings } from '../process-settings.js';
import { runtimeFromSettings } from '../runtime-from-settings.js';

/**
 * `trawl mcp`: the API in this process, its tools over stdin and stdout, until the agent closes
 * stdin or a signal comes. Nothing but the protocol goes to stdout.
 */
export async function mcpAction(command: Command, env: Env, io: CliIO): Promise<void> {
  const settings = readProcessSettings(command, env);
  convertPoolFromEnv(env);
  const logger = { error: (message: string, error?: unknown) => writeLine(io.stderr, `[trawl] ${message} ${describe(error)}`) };
  const made = await runtimeFromSettings(settings, env, logger);
  const api = createTrawlApi(apiOptionsFrom(settings, made));
  try {
    const session = await serveMcpOverStdio({ api, stdin: io.stdin as Readable, stdout: io.stdout as Writable });
    const signalled = new Promise<void>((resolve) => {
      process.once('SIGTERM', resolve);
      process.once('SIGINT', resolve);
    });
    await Promise.race([session.closed, signalled]);
    await session.close();
  } finally {
    await api.close();
    await made.runtime.close();
  }
}

function describe(error: unknown): string {
  if (error === undefined) return '';
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

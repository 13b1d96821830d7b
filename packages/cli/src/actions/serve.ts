import type { Command } from 'commander';
import { describeSsrfPolicy } from '@trawl/core';
import { showSetting, type Env } from '@trawl/core/settings';
import { createServer, openAccessProblem } from '@trawl/http';
import { describeBrowser, describeSearch } from '../adapter-summary.js';
import { apiOptionsFrom } from '../api-options.js';
import { convertPoolFromEnv } from '../convert-pool-from-env.js';
import { type CliIO, writeLine } from '../io.js';
import { printCheck, readProcessSettings, type ProcessSettings } from '../process-settings.js';
import { runtimeFromSettings } from '../runtime-from-settings.js';

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
  const made = await runtimeFromSettings(settings, env);
  const { runtime } = made;
  // The MCP endpoint is loaded only here: `trawl --help` and the other commands never load its SDK.
  const { createTrawlMcp } = await import('@trawl/mcp');
  // The console's assets are read into memory only when it is on.
  const webConsole = settings.console ? (await import('@trawl/console')).createConsole() : undefined;
  const server = createServer({
    ...apiOptionsFrom(settings, made),
    ...(webConsole ? { console: webConsole } : {}),
    mounts: [(api) => createTrawlMcp({ api })],
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
      `Trawl API listening on ${url} (MCP at ${url}/mcp${webConsole ? `, console at ${url}/` : ''})\n` +
        `store: ${showSetting('store', settings.store)}; worker: ${settings.worker ? 'on' : 'off'}; auth: ${auth}; ` +
        `browser: ${describeBrowser(runtime.browser, env)}; llm: ${runtime.llm?.model ?? 'none'}; search: ${describeSearch(runtime.searchProvider?.name)}\n` +
        describeSsrfPolicy(runtime.policy),
    );
    const signal = await stopRequested;
    writeLine(io.stdout, `${signal}: shutting down; unfinished pages stay queued in the store`);
  } finally {
    await server.close();
    await runtime.close();
  }
}

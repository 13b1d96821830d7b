import { Command, CommanderError } from 'commander';
import type { Env } from '@trawl/core/settings';
import { convertCommand } from './commands/convert.js';
import { crawlCommand } from './commands/crawl.js';
import { extractCommand } from './commands/extract.js';
import { llmstxtCommand } from './commands/llmstxt.js';
import { mapCommand } from './commands/map.js';
import { monitorCommand } from './commands/monitor.js';
import { mcpCommand } from './commands/mcp.js';
import { scrapeCommand } from './commands/scrape.js';
import { searchCommand } from './commands/search.js';
import { serveCommand } from './commands/serve.js';
import { workerCommand } from './commands/worker.js';
import { INTERRUPTED_EXIT_CODE, Interrupted } from './interrupted.js';
import { type CliIO, processIO, writeLine } from './io.js';

/**
 * The commands as `--help` and flag parsing need them: names, flags, help texts. Each command's
 * work lives in `actions/` and is imported when the command runs, so `trawl --help`, a usage
 * error or one command never load core or adapters another command needs.
 */
export function createProgram(io: CliIO = processIO, env: Env = process.env): Command {
  const program = new Command('trawl')
    .description('Turn web sites into clean, LLM-ready data')
    .version('0.1.0')
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
    })
    .exitOverride();
  const commands = [
    scrapeCommand(io),
    convertCommand(io),
    crawlCommand(io),
    mapCommand(io),
    monitorCommand(io, env),
    searchCommand(io, env),
    extractCommand(io),
    llmstxtCommand(io),
    workerCommand(io, env),
    serveCommand(io, env),
    mcpCommand(io, env),
  ];
  // addCommand, unlike command(), inherits nothing: without this a subcommand's usage errors bypass `io`.
  for (const command of commands) program.addCommand(command.copyInheritedSettings(program));
  return program;
}

/** Runs the CLI and returns the exit code (0 ok, 1 failure, 2 usage error, 130 stopped by Ctrl-C); `env` is where settings are read. */
export async function run(argv: string[], io: CliIO = processIO, env: Env = process.env): Promise<number> {
  try {
    await createProgram(io, env).parseAsync(argv);
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    // The command already said it stopped and printed what it had.
    if (error instanceof Interrupted) return INTERRUPTED_EXIT_CODE;
    // Loaded here rather than at start: --help and usage errors never need core.
    const { describeError } = await import('./describe-error.js');
    writeLine(io.stderr, describeError(error));
    return 1;
  }
}

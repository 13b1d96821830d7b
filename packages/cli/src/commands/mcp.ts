import { Command } from 'commander';
import { PROCESS_SETTINGS, SETTINGS, type Env } from '@trawl/core/settings';
import type { CliIO } from '../io.js';
import { flaggedSettings, settingOption } from '../setting-flags.js';

/** The flags of `trawl mcp`: the worker's (store, private network, user agent, concurrency…); it listens on no port. */
export const MCP_FLAGS = flaggedSettings(PROCESS_SETTINGS.filter((name) => SETTINGS[name].scope === 'process'));

/**
 * `trawl mcp`: Trawl as an MCP server over stdio, for an AI agent to start as a tool
 * (`{"command": "npx", "args": ["trawl", "mcp"]}`). Core runs in this process; stdout
 * carries only the protocol, and logs go to stderr.
 */
export function mcpCommand(io: CliIO, env: Env = process.env): Command {
  const command = new Command('mcp').description('serve MCP tools (scrape, crawl, map, search, extract…) over stdio, for AI agents');
  for (const name of MCP_FLAGS) command.addOption(settingOption(name));
  return command.action(async (_flags: unknown, self: Command) => (await import('../actions/mcp.js')).mcpAction(self, env, io));
}

import type { Command } from 'commander';
import {
  PROCESS_SETTINGS,
  readSettings,
  SETTINGS,
  showSetting,
  type Env,
  type SettingName,
  type SettingValues,
} from '@trawl/core/settings';
import { adaptersFromEnv } from './adapters-from-env.js';
import { describeBrowser, describeSearch } from './adapter-summary.js';
import { type CliIO, writeLine } from './io.js';
import { givenSettings } from './setting-flags.js';

export type ProcessSettings = SettingValues<SettingName>;

/**
 * What `trawl serve` and `trawl worker` both start from: every setting of the table but the page
 * commands' flags, the command's flags over the environment. Both read the same list the same way,
 * so they accept and reject the same settings; a malformed one throws here, before anything
 * opens, naming the variable or the flag.
 */
export function readProcessSettings(command: Command, env: Env): ProcessSettings {
  return readSettings(PROCESS_SETTINGS, env, givenSettings(command, PROCESS_SETTINGS));
}

/** `--check`: one line per setting, its value (secrets hidden) and where it came from. */
export function describeSettings(settings: ProcessSettings, command: Command, env: Env): string {
  const given = givenSettings(command, PROCESS_SETTINGS);
  const rows = PROCESS_SETTINGS.map((name) => {
    const setting = SETTINGS[name];
    const source =
      given[name] !== undefined
        ? `flag ${setting.flag!.match(/--[\w-]+/)![0]}`
        : setting.env && env[setting.env]?.trim()
          ? 'environment'
          : 'default';
    return [setting.env ?? name, showSetting(name, settings[name] as never), source] as const;
  });
  const width = Math.max(...rows.map(([variable]) => variable.length));
  return rows.map(([variable, value, source]) => `${variable.padEnd(width)}  ${value}  (${source})`).join('\n');
}

/**
 * `--check` of serve and worker: reads every setting and builds the adapters they configure, as a
 * start does, prints them, and opens nothing.
 */
export async function printCheck(settings: ProcessSettings, command: Command, env: Env, io: CliIO): Promise<void> {
  const { browser, llm, search } = await adaptersFromEnv(env);
  await browser?.close();
  writeLine(
    io.stdout,
    `${describeSettings(settings, command, env)}\nbrowser: ${describeBrowser(browser, env)}; llm: ${llm?.model ?? 'none'}; search: ${describeSearch(search.name)}`,
  );
}

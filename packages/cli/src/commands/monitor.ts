import { Command } from 'commander';
import type { Env, StoreUrl } from '@trawl/core/settings';
import type { CliIO } from '../io.js';
import { wholeNumber } from '../numeric-flags.js';
import { settingOption } from '../setting-flags.js';

export interface MonitorStoreFlags {
  /** Parsed by the store setting's flag parser. */
  store?: StoreUrl;
  team?: string;
}

export interface MonitorAddFlags extends MonitorStoreFlags {
  name?: string;
  every?: string;
  cron?: string;
  tz?: string;
  webhook?: string;
  crawl?: boolean;
  limit?: number;
  tag?: string;
}

export interface MonitorChecksFlags extends MonitorStoreFlags {
  check?: string;
}

const storeFlags = (command: Command) =>
  command
    .addOption(settingOption('store', 'the store monitors live in, shared with trawl serve and trawl worker'))
    .option('--team <team>', "whose monitors (default local, the open server's team)");

/**
 * `trawl monitor`: scheduled change checks kept in the store. `trawl serve` and `trawl worker`
 * run them when due; `run` checks one now, here.
 */
export function monitorCommand(io: CliIO, env: Env = process.env): Command {
  const load = async () => import('../actions/monitor.js');
  const monitor = new Command('monitor').description('watch pages for changes on a schedule (checks run in trawl serve and trawl worker)');
  monitor.addCommand(
    storeFlags(
      new Command('add')
        .description('add a monitor of one or more pages; prints its id')
        .argument('<url...>', 'the pages (with --crawl, the site whose pages a map finds on each check)')
        .option('-n, --name <name>', 'a name (default: the first URL)')
        .option('--every <interval>', 'how often: "30 minutes", "hour", "10 seconds", or "hourly", "daily at 9:00"')
        .option('--cron <expression>', 'when, as cron: 5 fields, or 6 with seconds first')
        .option('--tz <timezone>', "the schedule's timezone (default UTC)")
        .option('--webhook <url>', 'POST monitor.page and monitor.check.completed events here')
        .option('--crawl', 'map the site on each check and watch every page found')
        .option('-l, --limit <n>', 'pages a --crawl monitor watches at most (default 100)', wholeNumber()),
    ).action(async (urls: string[], flags: MonitorAddFlags) => (await load()).monitorAddAction(urls, flags, env, io)),
  );
  monitor.addCommand(
    storeFlags(new Command('list').description('list the monitors with their schedule, next run and last summary')).action(
      async (flags: MonitorStoreFlags) => (await load()).monitorListAction(flags, env, io),
    ),
  );
  monitor.addCommand(
    storeFlags(
      new Command('run').description("check a monitor now, here, and print each page's status and diff").argument('<id>', 'the monitor'),
    ).action(async (id: string, flags: MonitorStoreFlags) => (await load()).monitorRunAction(id, flags, env, io)),
  );
  monitor.addCommand(
    storeFlags(
      new Command('checks')
        .description("list a monitor's checks, newest first, or one check's pages with --check")
        .argument('<id>', 'the monitor')
        .option('--check <checkId>', 'show this check: each page with its status and diff'),
    ).action(async (id: string, flags: MonitorChecksFlags) => (await load()).monitorChecksAction(id, flags, env, io)),
  );
  return monitor;
}

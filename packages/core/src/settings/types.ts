/**
 * How one value is read: what it looks like (for help texts, docs and error messages) and how a
 * raw value from the environment or a flag becomes it. `parse` throws a TrawlError naming `name`
 * (the variable or flag the raw value came from) when the value is malformed.
 */
export interface SettingType<T> {
  /** What a value looks like: `true or false`, `a whole number of at least 1`, `reset or context`… */
  readonly format: string;
  /** The values a `oneOf` type accepts (commands list them as the flag's choices). */
  readonly choices?: readonly string[];
  parse(raw: string, name: string): T;
  /** How a value is shown (defaults, `--check`); String(value) when absent. */
  show?(value: T): string;
}

/** Who reads a setting: `serve` and `worker` read every setting but `command` ones. */
export type SettingScope =
  /** A process that serves the API (`trawl serve`, `pnpm start`); `trawl worker` checks them too. */
  | 'server'
  /** Any long-running process: `trawl serve` and `trawl worker`. */
  | 'process'
  /** An adapter's `fromEnv` helper (browser, LLM, search): every process and command that builds adapters. */
  | 'adapter'
  /** A flag of the commands that load pages (`scrape`, `crawl`); no environment variable. */
  | 'command';

/**
 * One runtime setting: its environment variable, its flag, how it is parsed and its default.
 * `V` is what reading it gives: `T` when it has a default, `T | undefined` when it has none.
 */
export interface Setting<T, V extends T | undefined = T | undefined> {
  /** The environment variable; absent for a flag-only setting. */
  readonly env?: string;
  /** The flag, in commander's syntax (`-s, --store <url>`, `--allow-private-network`, `--no-worker`). */
  readonly flag?: string;
  readonly type: SettingType<T>;
  readonly default: V;
  /** How the default reads where it is not a value (`the machine's cores`). */
  readonly defaultText?: string;
  /** What the setting does, one sentence. */
  readonly description: string;
  readonly scope: SettingScope;
  /** Never printed: keys, secrets, proxy credentials. */
  readonly secret?: boolean;
}

/** Environment variables, as `process.env` holds them. */
export type Env = Readonly<Record<string, string | undefined>>;

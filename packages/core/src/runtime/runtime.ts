import type { Dispatcher } from 'undici';
import type { ConvertPool } from '../convert/convert-pool.js';
import type { Browser, EngineChoice } from '../ports/browser.js';
import type { LlmProvider } from '../ports/llm.js';
import { consoleLogger, type Logger } from '../ports/logger.js';
import type { SearchProvider } from '../ports/search.js';
import type { Store } from '../ports/store.js';
import { DEFAULT_USER_AGENT } from '../settings/defaults.js';
import { toSsrfPolicy, type SsrfPolicy } from '../url/ssrf.js';

/**
 * What Trawl runs with, as a caller or an operator sets it (never an API client): where state
 * lives, which addresses it may reach, who it says it is, how pages load and which adapters it
 * has. Every field is optional; `createRuntime` fills the defaults once.
 */
export interface RuntimeOptions {
  /** Where jobs, results, credits and the page memory live (crawl() without one: a private in-memory store). */
  store?: Store;
  /**
   * The SSRF guard. Off by default in the library: it fetches what its caller asks, loopback and
   * intranet addresses included, as curl does. `true`, or an SsrfPolicy with `allowHosts`, refuses
   * loopback, private, link-local and metadata addresses with SCRAPE_BLOCKED_URL. The server,
   * `trawl serve` and `trawl worker` have it on unless told otherwise (docs/self-hosting.md).
   */
  ssrf?: SsrfPolicy | boolean;
  /** User agent sent when a request's headers name none. */
  userAgent?: string;
  /** The product token matched against robots.txt groups (default "TrawlBot"). */
  robotsUserAgent?: string;
  /** Redirects followed before giving up (default 10). */
  maxRedirects?: number;
  /** Largest response body accepted, in bytes (default 20 MiB). */
  maxBodyBytes?: number;
  /** How pages load: `auto` (default, HTTP unless a page needs the browser), `http` or `browser`. */
  engine?: EngineChoice;
  /** The page engine that runs JavaScript (e.g. @trawl/browser-playwright's `browserFromEnv()`). */
  browser?: Browser;
  /** The model behind the `json` format, extract, llms.txt and image alt text (e.g. @trawl/llm's `llmFromEnv()`). */
  llm?: LlmProvider;
  /** The web search of search and extract (e.g. @trawl/search's `searchFromEnv()`); not `search`, which is map's query. */
  searchProvider?: SearchProvider;
  /**
   * Where pages are converted: a ConvertPool of worker threads (default: the process's shared
   * pool, see docs/operations.md), or `false` for the calling thread.
   */
  convertPool?: ConvertPool | false;
  /** How long jobs, their results and monitor checks stay readable, in ms (default 24 h). */
  retentionMs?: number;
  /** Where background work reports failures nobody waits for (default: console.error). */
  logger?: Logger;
  /**
   * The undici Dispatcher of every HTTP load (e.g. a ProxyAgent). Default: Trawl's keep-alive
   * pools, which also check each connection's address against the SSRF policy; a dispatcher you
   * pass gets the policy's URL checks only (each hop's hostname is still resolved and refused).
   */
  dispatcher?: Dispatcher;
  /**
   * The team whose work this is (the API sets the caller's; default: one anonymous team). The
   * conversion threads and browser pages are shared between teams in turn and capped per team,
   * and the page memory is kept per team.
   */
  teamId?: string;
}

/** The parts a runtime may own: `close()` closes exactly those it was told it owns. */
export type OwnedPart = 'store' | 'browser' | 'llm' | 'searchProvider' | 'convertPool' | 'dispatcher' | 'sharedPools';

/** A RuntimeOptions with its defaults filled: what every scrape, crawl, worker, job and API route reads. */
export interface Runtime {
  readonly store: Store | undefined;
  readonly policy: SsrfPolicy;
  readonly userAgent: string;
  readonly robotsUserAgent: string | undefined;
  readonly maxRedirects: number | undefined;
  readonly maxBodyBytes: number | undefined;
  readonly engine: EngineChoice;
  readonly browser: Browser | undefined;
  readonly llm: LlmProvider | undefined;
  readonly searchProvider: SearchProvider | undefined;
  readonly convertPool: ConvertPool | false | undefined;
  readonly retentionMs: number | undefined;
  readonly logger: Logger;
  readonly dispatcher: Dispatcher | undefined;
  readonly teamId: string | undefined;
  /** The options it was made from, as given (e.g. whether `ssrf` was set at all). */
  readonly options: Readonly<RuntimeOptions>;
  /** This runtime with some parts replaced (the model metered to one team, a stricter policy); it owns nothing. */
  with<P extends RuntimeOptions>(parts: P): RuntimeFor<P>;
  /** Closes what it owns, and nothing else. */
  close(): Promise<void>;
}

export interface CreateRuntimeOptions {
  /** What `close()` closes (default: nothing; the caller closes what it passed in). */
  owns?: readonly OwnedPart[];
}

/** The runtime made from options `O`: one with a store when `O` surely holds one. */
export type RuntimeFor<O extends RuntimeOptions> = O extends { store: Store } ? RuntimeWithStore : Runtime;

/** Builds a Runtime once: from options in code, or from the settings table (the CLI's `runtimeFromSettings`). */
export function createRuntime<O extends RuntimeOptions = RuntimeOptions>(
  options: O = {} as O,
  { owns = [] }: CreateRuntimeOptions = {},
): RuntimeFor<O> {
  const given = withoutUndefined(options);
  let closing: Promise<void> | undefined;
  const runtime: Runtime = {
    store: given.store,
    policy: toSsrfPolicy(given.ssrf),
    userAgent: given.userAgent ?? DEFAULT_USER_AGENT,
    robotsUserAgent: given.robotsUserAgent,
    maxRedirects: given.maxRedirects,
    maxBodyBytes: given.maxBodyBytes,
    engine: given.engine ?? 'auto',
    browser: given.browser,
    llm: given.llm,
    searchProvider: given.searchProvider,
    convertPool: given.convertPool,
    retentionMs: given.retentionMs,
    logger: given.logger ?? consoleLogger,
    dispatcher: given.dispatcher,
    teamId: given.teamId,
    options: given,
    with: <P extends RuntimeOptions>(parts: P) => createRuntime({ ...given, ...withoutUndefined(parts) }) as RuntimeFor<P>,
    close() {
      closing ??= closeOwned(given, new Set(owns));
      return closing;
    },
  };
  // The one place the type follows the value: a store given is a store kept.
  return runtime as RuntimeFor<O>;
}

async function closeOwned(parts: RuntimeOptions, owns: ReadonlySet<OwnedPart>): Promise<void> {
  const closers: Array<Promise<unknown> | undefined> = [];
  if (owns.has('store')) closers.push(parts.store?.close());
  if (owns.has('browser')) closers.push(parts.browser?.close());
  if (owns.has('llm')) closers.push(closeIfCloseable(parts.llm));
  if (owns.has('searchProvider')) closers.push(closeIfCloseable(parts.searchProvider));
  if (owns.has('convertPool') && parts.convertPool) closers.push(parts.convertPool.close());
  if (owns.has('dispatcher')) closers.push(parts.dispatcher?.close());
  const results = await Promise.allSettled(closers);
  // The process-wide pools go last: a store or browser closing may still finish a request on them.
  if (owns.has('sharedPools')) results.push(...(await Promise.allSettled([closeSharedPools()])));
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
}

/** Loaded when closed, not with the runtime: a one-page command that converts in its own thread never loads the pool's code. */
async function closeSharedPools(): Promise<void> {
  const [{ closeDispatchers }, { closeSharedConvertPool }] = await Promise.all([
    import('../fetch/dispatcher.js'),
    import('../convert/convert-pool.js'),
  ]);
  await Promise.all([closeDispatchers(), closeSharedConvertPool()]);
}

function closeIfCloseable(part: object | undefined): Promise<unknown> | undefined {
  const close = (part as { close?: () => unknown } | undefined)?.close;
  return typeof close === 'function' ? Promise.resolve(close.call(part)) : undefined;
}

/** The keys of RuntimeOptions, so call options can be split into what a call asks and what it runs with. */
export const RUNTIME_OPTION_KEYS = [
  'store',
  'ssrf',
  'userAgent',
  'robotsUserAgent',
  'maxRedirects',
  'maxBodyBytes',
  'engine',
  'browser',
  'llm',
  'searchProvider',
  'convertPool',
  'retentionMs',
  'logger',
  'dispatcher',
  'teamId',
] as const satisfies ReadonlyArray<keyof RuntimeOptions>;

type RuntimeKey = (typeof RUNTIME_OPTION_KEYS)[number];
// A key added to RuntimeOptions but not to the list above fails to compile here.
type MissingKeys = Exclude<keyof RuntimeOptions, RuntimeKey>;
const allKeysListed: MissingKeys extends never ? true : MissingKeys = true;
void allKeysListed;

/**
 * How the public functions take their runtime: a Runtime built once (`runtime`), settings given
 * inline for the simple case (`scrape(url, { ssrf: true })`), or both (inline settings win).
 */
export type WithRuntime<T> = T & RuntimeOptions & { runtime?: Runtime };

/** Splits call options into the Runtime they run with and the rest (what the call asks for). */
export function splitRuntime<T extends RuntimeOptions & { runtime?: Runtime }>(
  options: T,
): { runtime: Runtime; rest: Omit<T, RuntimeKey | 'runtime'> } {
  const rest = { ...options } as unknown as Record<string, unknown>;
  const inline: Record<string, unknown> = {};
  delete rest.runtime;
  for (const key of RUNTIME_OPTION_KEYS) {
    if (key in rest) {
      if (rest[key] !== undefined) inline[key] = rest[key];
      delete rest[key];
    }
  }
  const base = options.runtime;
  const hasInline = Object.keys(inline).length > 0;
  const runtime = base ? (hasInline ? base.with(inline as RuntimeOptions) : base) : createRuntime(inline as RuntimeOptions);
  return { runtime, rest: rest as Omit<T, RuntimeKey | 'runtime'> };
}

function withoutUndefined(options: RuntimeOptions): RuntimeOptions {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options)) if (value !== undefined) kept[key] = value;
  return kept as RuntimeOptions;
}

/** A runtime that has a store: what job runners need. */
export type RuntimeWithStore = Runtime & { readonly store: Store };

/** Whether `runtime` has a store. */
export function hasStore(runtime: Runtime): runtime is RuntimeWithStore {
  return runtime.store !== undefined;
}

/** `runtime` itself when it has a store, else a copy holding `fallback()`'s (e.g. crawl()'s private memory store). */
export function withStore(runtime: Runtime, fallback: () => Store): RuntimeWithStore {
  return hasStore(runtime) ? runtime : runtime.with({ store: fallback() });
}

/** `runtime` without its store: for scrapes that must not go through the page memory (cache, change tracking). */
export function withoutStore(runtime: Runtime): Runtime {
  return runtime.store ? createRuntime({ ...runtime.options, store: undefined }) : runtime;
}

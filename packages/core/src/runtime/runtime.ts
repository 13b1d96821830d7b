import { consoleLogger } from '../ports/logger.js';
import type { Store } from '../ports/store.js';
import { DEFAULT_USER_AGENT } from '../settings/defaults.js';
import { toSsrfPolicy } from '../url/ssrf.js';
import { defaultParts } from './default-parts.js';
import type { CreateRuntimeOptions, OwnedPart, Runtime, RuntimeFor, RuntimeOptions, RuntimeWithStore } from './types.js';

export type {
  CreateRuntimeOptions,
  OwnedPart,
  Runtime,
  RuntimeFor,
  RuntimeOptions,
  RuntimeWithStore,
  WithRuntime,
} from './types.js';

/** Builds a Runtime once: from options in code, or from the settings table (the CLI's `runtimeFromSettings`). */
export function createRuntime<O extends RuntimeOptions = RuntimeOptions>(
  options: O = {} as O,
  { owns = [] }: CreateRuntimeOptions = {},
): RuntimeFor<O> {
  const given = withoutUndefined(options);
  let closing: Promise<void> | undefined;
  const policy = toSsrfPolicy(given.ssrf);
  const runtime: Runtime = {
    store: given.store,
    policy,
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
    converter: () => given.convertPool ?? defaultParts().converter(),
    dispatcherFor: (skipTlsVerification) => given.dispatcher ?? defaultParts().dispatcherFor(skipTlsVerification, policy),
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
  // The default runtime's pools go last: a store or browser closing may still finish a request on them.
  if (owns.has('sharedPools')) results.push(...(await Promise.allSettled([defaultParts().close()])));
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
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
  const from = base ?? defaultRuntime();
  const runtime = hasInline ? from.with(inline as RuntimeOptions) : from;
  return { runtime, rest: rest as Omit<T, RuntimeKey | 'runtime'> };
}

let theDefault: Runtime | undefined;

/**
 * The runtime of calls made without one (`scrape(url)`): the library's defaults, and the owner of
 * the conversion threads and connection pools every runtime without its own shares. Made on first
 * use; closing it closes those pools, which the next call makes again.
 */
function defaultRuntime(): Runtime {
  theDefault ??= createRuntime({}, { owns: ['sharedPools'] });
  return theDefault;
}

function withoutUndefined(options: RuntimeOptions): RuntimeOptions {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options)) if (value !== undefined) kept[key] = value;
  return kept as RuntimeOptions;
}

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

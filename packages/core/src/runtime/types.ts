import type { Dispatcher } from 'undici';
import type { Browser, EngineChoice } from '../ports/browser.js';
import type { Converter } from '../ports/converter.js';
import type { LlmProvider } from '../ports/llm.js';
import type { Logger } from '../ports/logger.js';
import type { SearchProvider } from '../ports/search.js';
import type { Store } from '../ports/store.js';
import type { SsrfPolicy } from '../url/ssrf.js';

// The Runtime's shape, apart from the code that builds it (runtime.ts): every layer of core reads a
// Runtime, so this module imports only ports and leaves, and nothing imports back into runtime/.

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
   * Where pages are converted: a Converter such as a ConvertPool of worker threads (default: the
   * default runtime's pool, shared by the process, see docs/operations.md), or `false` for the
   * calling thread.
   */
  convertPool?: Converter | false;
  /** How long jobs, their results and monitor checks stay readable, in ms (default 24 h). */
  retentionMs?: number;
  /** Where background work reports failures nobody waits for (default: console.error). */
  logger?: Logger;
  /**
   * The undici Dispatcher of every HTTP load (e.g. a ProxyAgent). Default: the default runtime's
   * keep-alive pools, which also check each connection's address against the SSRF policy; a dispatcher you
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

/**
 * The parts a runtime may own: `close()` closes exactly those it was told it owns. `sharedPools`
 * are the default runtime's conversion threads and connection pools, which every runtime without
 * its own uses (made again on the next use).
 */
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
  /** The converter as given (undefined: the default runtime's pool; `converter()` resolves it). */
  readonly convertPool: Converter | false | undefined;
  readonly retentionMs: number | undefined;
  readonly logger: Logger;
  readonly dispatcher: Dispatcher | undefined;
  readonly teamId: string | undefined;
  /** The options it was made from, as given (e.g. whether `ssrf` was set at all). */
  readonly options: Readonly<RuntimeOptions>;
  /** Where its pages convert: the given converter, `false` for the calling thread, or the default runtime's pool (made on first use). */
  converter(): Converter | false;
  /**
   * The undici Dispatcher of its HTTP loads: the given one, or the default runtime's keep-alive
   * pool for this TLS choice and this runtime's SSRF policy (made on first use).
   */
  dispatcherFor(skipTlsVerification: boolean): Dispatcher;
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

/**
 * How the public functions take their runtime: a Runtime built once (`runtime`), settings given
 * inline for the simple case (`scrape(url, { ssrf: true })`), or both (inline settings win).
 */
export type WithRuntime<T> = T & RuntimeOptions & { runtime?: Runtime };

/** A runtime that has a store: what job runners need. */
export type RuntimeWithStore = Runtime & { readonly store: Store };

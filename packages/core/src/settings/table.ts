/**
 * Every runtime setting in one table: its environment variable, its flag, its type and its
 * default. `trawl serve` and `trawl worker` read all but the `command` ones through
 * `readSettings`, the adapters' `fromEnv` helpers read theirs through it, and the commands build
 * their flags and help from it; docs/self-hosting.md lists it. A new setting is one entry here
 * (docs/architecture.md shows one added end to end).
 */
import {
  DEFAULT_BROWSER_PAGES,
  DEFAULT_CONVERT_DEADLINE_MS,
  DEFAULT_CONVERT_MEMORY_MB,
  DEFAULT_HOST,
  DEFAULT_LEASE_MS,
  DEFAULT_PAGE_MEMORY_MAX_BYTES,
  DEFAULT_PAGE_MEMORY_PAGES,
  DEFAULT_PORT,
  DEFAULT_RETENTION_MS,
  DEFAULT_USER_AGENT,
  DEFAULT_WORKER_CONCURRENCY,
} from './defaults.js';
import { booleanType, httpUrlType, oneOfType, portType, positiveNumberType, textType, wholeNumberType } from './parse-types.js';
import { apiKeysType, creditsType, rateLimitsType } from './server-types.js';
import { DEFAULT_STORE_URL, parseStoreUrl, storeUrlType } from './store-url.js';
import type { Setting, SettingType } from './types.js';

/** A setting with a default: reading it always gives a value. */
function valued<T>(setting: Omit<Setting<T, T>, 'default' | 'type'> & { type: SettingType<T>; default: NoInfer<T> }): Setting<T, T> {
  return setting;
}

/** A setting without a default: reading it gives undefined when it is not set. */
function optional<T>(setting: Omit<Setting<T, T | undefined>, 'default'>): Setting<T, T | undefined> {
  return { ...setting, default: undefined };
}

const wholeNumber = wholeNumberType(1);

export const BROWSER_ISOLATIONS = ['reset', 'context'] as const;
export const SEARCH_PROVIDERS = ['searxng', 'brave', 'serper', 'duckduckgo', 'local'] as const;
export const ENGINE_CHOICES = ['auto', 'http', 'browser'] as const;

export const SETTINGS = {
  // Where jobs live and what a process may fetch.
  store: valued({
    env: 'TRAWL_STORE',
    flag: '-s, --store <url>',
    type: storeUrlType,
    default: parseStoreUrl(DEFAULT_STORE_URL),
    description: 'where jobs, results, credits and rate-limit counters live',
    scope: 'process',
  }),
  allowPrivateNetwork: valued({
    env: 'TRAWL_ALLOW_PRIVATE_NETWORK',
    flag: '--allow-private-network',
    type: booleanType,
    default: false,
    description: 'let scrapes, crawls, maps and webhooks reach loopback, private and link-local addresses',
    scope: 'process',
  }),
  userAgent: valued({
    env: 'TRAWL_USER_AGENT',
    flag: '--user-agent <text>',
    type: textType,
    default: DEFAULT_USER_AGENT,
    description: "the user agent of the process's requests when a request names none",
    scope: 'process',
  }),
  concurrency: valued({
    env: 'TRAWL_WORKER_CONCURRENCY',
    flag: '-c, --concurrency <n>',
    type: wholeNumber,
    default: DEFAULT_WORKER_CONCURRENCY,
    description: "pages the process's worker handles at once, across all jobs",
    scope: 'process',
  }),
  workerPagesPerTeam: optional({
    env: 'TRAWL_WORKER_PAGES_PER_TEAM',
    type: wholeNumber,
    defaultText: 'all but one of TRAWL_WORKER_CONCURRENCY',
    description:
      "pages of one team the worker handles at once while another team's pages came in the last 30 s (a team alone takes every slot); at most the concurrency",
    scope: 'process',
  }),
  leaseMs: valued({
    env: 'TRAWL_LEASE_MS',
    flag: '--lease-ms <ms>',
    type: wholeNumber,
    default: DEFAULT_LEASE_MS,
    description: 'how long a page may take before another worker may take it over',
    scope: 'process',
  }),
  retentionHours: valued({
    env: 'TRAWL_RETENTION_HOURS',
    flag: '--retention-hours <hours>',
    type: positiveNumberType,
    default: DEFAULT_RETENTION_MS / 3_600_000,
    description: 'how long a job and its results stay readable after it ends',
    scope: 'process',
  }),
  pageMemoryPages: valued({
    env: 'TRAWL_PAGE_MEMORY_PAGES',
    type: wholeNumber,
    default: DEFAULT_PAGE_MEMORY_PAGES,
    description: 'page-memory snapshots (cached scrapes, change-tracking histories) kept per team; the least recently scraped go first',
    scope: 'process',
  }),
  pageMemoryMaxBytes: valued({
    env: 'TRAWL_PAGE_MEMORY_MAX_BYTES',
    type: wholeNumber,
    default: DEFAULT_PAGE_MEMORY_MAX_BYTES,
    description: 'the largest page snapshot kept (bytes of JSON); a larger page is served and compared, not remembered',
    scope: 'process',
  }),
  webhookSecret: optional({
    env: 'TRAWL_WEBHOOK_SECRET',
    type: textType,
    description: 'signs every webhook delivery (give API nodes and workers the same one)',
    scope: 'process',
    secret: true,
  }),
  convertThreads: optional({
    env: 'TRAWL_CONVERT_THREADS',
    type: wholeNumber,
    defaultText: "the machine's cores",
    description: 'conversion threads, started with the first page',
    scope: 'process',
  }),
  convertTimeoutMs: valued({
    env: 'TRAWL_CONVERT_TIMEOUT_MS',
    type: wholeNumber,
    default: DEFAULT_CONVERT_DEADLINE_MS,
    description: "a page's conversion deadline",
    scope: 'process',
  }),
  convertMemoryMb: valued({
    env: 'TRAWL_CONVERT_MEMORY_MB',
    type: wholeNumber,
    default: DEFAULT_CONVERT_MEMORY_MB,
    description: "each conversion thread's heap",
    scope: 'process',
  }),
  convertThreadsPerTeam: optional({
    env: 'TRAWL_CONVERT_THREADS_PER_TEAM',
    type: wholeNumber,
    defaultText: 'all but one of the threads',
    description:
      'conversion threads one team holds at once while another team has converted in the last 30 s (a team alone uses them all); at most the threads',
    scope: 'process',
  }),

  // The API server.
  port: valued({
    env: 'PORT',
    flag: '-p, --port <port>',
    type: portType,
    default: DEFAULT_PORT,
    description: 'port to listen on (0: any free port, printed at start)',
    scope: 'server',
  }),
  host: valued({
    env: 'HOST',
    flag: '--host <host>',
    type: textType,
    default: DEFAULT_HOST,
    description: 'address to bind; anything but a loopback address needs TRAWL_API_KEYS',
    scope: 'server',
  }),
  parseMaxMb: valued({
    env: 'TRAWL_PARSE_MAX_MB',
    flag: '--parse-max-mb <mb>',
    type: wholeNumber,
    default: 50,
    description: 'largest file POST /v2/parse accepts, in MB (a larger upload is a 413)',
    scope: 'server',
  }),
  interactKeepSeconds: valued({
    env: 'TRAWL_INTERACT_KEEP_SECONDS',
    type: wholeNumberType(0),
    default: 600,
    description: 'how long a v2 scrape in the browser keeps its page for POST /v2/scrape/{id}/interact (0: scrapes keep no page)',
    scope: 'server',
  }),
  browserSessionsPerTeam: valued({
    env: 'TRAWL_BROWSER_SESSIONS_PER_TEAM',
    type: wholeNumber,
    default: 5,
    description: 'browser sessions (/v2/browser) one team may hold open; as many kept scrape pages besides',
    scope: 'server',
  }),
  browserCode: valued({
    env: 'TRAWL_BROWSER_CODE',
    type: booleanType,
    default: false,
    description: 'accept `code` on /v2/browser/{id}/execute and interact, run as JavaScript inside the page (false: a 403)',
    scope: 'server',
  }),
  worker: valued({
    env: 'TRAWL_WORKER',
    flag: '--no-worker',
    type: booleanType,
    default: true,
    description: 'run jobs in this process (off for API nodes whose jobs run in `trawl worker` processes)',
    scope: 'server',
  }),
  console: valued({
    env: 'TRAWL_CONSOLE',
    flag: '--no-console',
    type: booleanType,
    default: true,
    description: 'serve the web console at / to browsers (docs/console.md); JSON clients of GET / are answered as before',
    scope: 'server',
  }),
  streamsPerTeam: valued({
    env: 'TRAWL_STREAMS_PER_TEAM',
    type: wholeNumber,
    default: 20,
    description:
      "WebSocket status streams (the SDKs' watcher()) one team may hold open at once on this server; the next is a 429 and the SDK polls",
    scope: 'server',
  }),
  streamOpensPerMinute: valued({
    env: 'TRAWL_STREAM_OPENS_PER_MINUTE',
    type: wholeNumber,
    default: 120,
    description: 'WebSocket status streams one team may open per minute, counted in the store across API nodes',
    scope: 'server',
  }),
  streamCacheMb: valued({
    env: 'TRAWL_STREAM_CACHE_MB',
    type: wholeNumberType(0),
    default: 256,
    description:
      "MiB of finished jobs' status-stream slices kept encoded, all teams together, so many watchers of one job serialise each page once (0: none)",
    scope: 'server',
  }),
  streamCacheMbPerTeam: valued({
    env: 'TRAWL_STREAM_CACHE_MB_PER_TEAM',
    type: wholeNumberType(0),
    default: 64,
    description: "MiB of that cache one team's streams may hold; teams never read each other's entries",
    scope: 'server',
  }),
  apiKeys: optional({
    env: 'TRAWL_API_KEYS',
    type: apiKeysType,
    defaultText: 'none (open, loopback only)',
    description: 'API keys and their teams, `k1:team-a,k2:team-b`; a key without `:team` gets a team of its own',
    scope: 'server',
    secret: true,
  }),
  rateLimits: optional({
    env: 'TRAWL_RATE_LIMITS',
    type: rateLimitsType,
    defaultText: 'status=3000',
    description: 'requests per minute per team, by class, `scrape=100,crawl=15`; classes left out are unlimited, but status reads: 3000',
    scope: 'server',
  }),
  credits: optional({
    env: 'TRAWL_CREDITS',
    type: creditsType,
    defaultText: 'none (unlimited)',
    description: 'starting balances, `team-a:1000,team-b:50`, applied to teams that have none yet',
    scope: 'server',
  }),

  // The browser adapter (@trawl/browser-playwright).
  browser: valued({
    env: 'TRAWL_BROWSER',
    type: booleanType,
    default: true,
    description: 'render with the local Chromium when one is found (false: HTTP only)',
    scope: 'adapter',
  }),
  chromiumPath: optional({
    env: 'TRAWL_CHROMIUM_PATH',
    type: textType,
    defaultText: '/usr/bin/chromium, /usr/bin/chromium-browser, /usr/bin/google-chrome, a Playwright-installed one',
    description: 'the Chromium to launch',
    scope: 'adapter',
  }),
  browserPages: valued({
    env: 'TRAWL_BROWSER_PAGES',
    type: wholeNumber,
    default: DEFAULT_BROWSER_PAGES,
    description: 'pages rendered at once',
    scope: 'adapter',
  }),
  browserPagesPerTeam: optional({
    env: 'TRAWL_BROWSER_PAGES_PER_TEAM',
    type: wholeNumber,
    defaultText: 'all but one of TRAWL_BROWSER_PAGES',
    description:
      'pages one team renders at once while another team has rendered in the last 30 s (a team alone uses them all); at most TRAWL_BROWSER_PAGES',
    scope: 'adapter',
  }),
  browserIsolation: valued({
    env: 'TRAWL_BROWSER_ISOLATION',
    type: oneOfType(BROWSER_ISOLATIONS),
    default: 'reset',
    description: 'warm pages wiped between scrapes (reset), or a new context per scrape (context)',
    scope: 'adapter',
  }),
  proxyBasic: optional({
    env: 'TRAWL_PROXY_BASIC',
    type: httpUrlType,
    description: 'the proxy of `proxy: "basic"` requests, `http://user:pass@host:port`',
    scope: 'adapter',
    secret: true,
  }),
  proxyStealth: optional({
    env: 'TRAWL_PROXY_STEALTH',
    type: httpUrlType,
    description: 'the proxy of `proxy: "stealth"` requests, `http://user:pass@host:port`',
    scope: 'adapter',
    secret: true,
  }),

  // The LLM adapter (@trawl/llm): the names self-hosted Firecrawl uses.
  ollamaBaseUrl: optional({
    env: 'OLLAMA_BASE_URL',
    type: httpUrlType,
    description: 'an Ollama server (needs MODEL_NAME); first in order',
    scope: 'adapter',
  }),
  openaiBaseUrl: optional({
    env: 'OPENAI_BASE_URL',
    type: httpUrlType,
    description: 'an OpenAI-compatible server (vLLM, llama.cpp, LM Studio…)',
    scope: 'adapter',
  }),
  openaiApiKey: optional({
    env: 'OPENAI_API_KEY',
    type: textType,
    description: "OpenAI's API (or the key of OPENAI_BASE_URL's server)",
    scope: 'adapter',
    secret: true,
  }),
  anthropicApiKey: optional({
    env: 'ANTHROPIC_API_KEY',
    type: textType,
    description: "Anthropic's API; last in order",
    scope: 'adapter',
    secret: true,
  }),
  anthropicBaseUrl: optional({
    env: 'ANTHROPIC_BASE_URL',
    type: httpUrlType,
    description: "another root for Anthropic's API",
    scope: 'adapter',
  }),
  llmModel: optional({
    env: 'MODEL_NAME',
    type: textType,
    defaultText: 'gpt-4o-mini (OpenAI), claude-3-5-haiku-latest (Anthropic)',
    description: 'the model',
    scope: 'adapter',
  }),
  llmContextTokens: optional({
    env: 'TRAWL_LLM_CONTEXT_TOKENS',
    type: wholeNumberType(1024),
    defaultText: 'per provider',
    description: "the model's context window; longer pages are read in pieces",
    scope: 'adapter',
  }),
  llmStructuredOutput: optional({
    env: 'TRAWL_LLM_STRUCTURED_OUTPUT',
    type: oneOfType(['json_schema', 'tool']),
    defaultText: 'json_schema',
    description: 'how answers are made to follow a schema: a response format (json_schema) or a tool call (tool)',
    scope: 'adapter',
  }),

  // The search adapter (@trawl/search).
  searchProvider: optional({
    env: 'TRAWL_SEARCH_PROVIDER',
    flag: '-p, --provider <name>',
    type: oneOfType(SEARCH_PROVIDERS),
    defaultText: 'the first configured of searxng, brave and serper, else duckduckgo',
    description: 'the search provider; local searches the pages kept in the store',
    scope: 'adapter',
  }),
  searxngEndpoint: optional({ env: 'SEARXNG_ENDPOINT', type: httpUrlType, description: 'a SearXNG instance', scope: 'adapter' }),
  searxngEngines: optional({ env: 'SEARXNG_ENGINES', type: textType, description: "SearXNG's engines, comma-separated", scope: 'adapter' }),
  searxngCategories: optional({
    env: 'SEARXNG_CATEGORIES',
    type: textType,
    description: "SearXNG's categories, comma-separated",
    scope: 'adapter',
  }),
  braveApiKey: optional({ env: 'BRAVE_API_KEY', type: textType, description: "Brave Search's API", scope: 'adapter', secret: true }),
  braveApiUrl: optional({ env: 'BRAVE_API_URL', type: httpUrlType, description: "another endpoint for Brave's API", scope: 'adapter' }),
  serperApiKey: optional({
    env: 'SERPER_API_KEY',
    type: textType,
    description: "Serper's Google search API",
    scope: 'adapter',
    secret: true,
  }),
  serperApiUrl: optional({ env: 'SERPER_API_URL', type: httpUrlType, description: "another endpoint for Serper's API", scope: 'adapter' }),
  duckduckgoHtmlUrl: optional({
    env: 'DUCKDUCKGO_HTML_URL',
    type: httpUrlType,
    description: "another endpoint for DuckDuckGo's HTML search",
    scope: 'adapter',
  }),

  // Flags of the commands that load pages.
  engine: valued({
    flag: '--engine <engine>',
    type: oneOfType(ENGINE_CHOICES),
    default: 'auto',
    description: 'page engine: auto uses the browser only when needed',
    scope: 'command',
  }),
} as const;

export type Settings = typeof SETTINGS;
export type SettingName = keyof Settings;
/** What reading a setting gives: its type, or undefined too when it has no default. */
export type SettingValue<N extends SettingName> = Settings[N] extends Setting<infer _T, infer V> ? V : never;
/** The type of a setting's values, set or not. */
export type SettingTypeOf<N extends SettingName> = Settings[N]['type'] extends SettingType<infer T> ? T : never;

/** Every setting `trawl serve` and `trawl worker` read, in table order: all but the commands' flags. */
export const PROCESS_SETTINGS = (Object.keys(SETTINGS) as SettingName[]).filter((name) => SETTINGS[name].scope !== 'command');

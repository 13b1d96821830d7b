/**
 * Defaults of the runtime settings, where the table (settings/table.ts) and the modules that use
 * them both read them: one number, one place.
 */
export const DEFAULT_USER_AGENT = 'Mozilla/5.0 (compatible; TrawlBot/0.1; +https://github.com/trawl-dev/trawl)';
export const DEFAULT_PORT = 3002;
export const DEFAULT_HOST = '127.0.0.1';
/** Pages a worker (embedded or `trawl worker`) handles at once. */
export const DEFAULT_WORKER_CONCURRENCY = 10;
/** How long a leased page is a worker's before another may take it. */
export const DEFAULT_LEASE_MS = 120_000;
export const DEFAULT_RETENTION_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_CONVERT_DEADLINE_MS = 15_000;
export const DEFAULT_CONVERT_MEMORY_MB = 1024;
/** Pages the browser renders at once. */
export const DEFAULT_BROWSER_PAGES = 4;
/** Page-memory snapshots (cache entries and change-tracking histories) kept per team. */
export const DEFAULT_PAGE_MEMORY_PAGES = 10_000;
/** The largest snapshot kept, in bytes of JSON; a larger page is served and compared but not remembered. */
export const DEFAULT_PAGE_MEMORY_MAX_BYTES = 2 * 1024 * 1024;

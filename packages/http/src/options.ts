import type { Browser, ConvertPool, Document, LlmProvider, SearchProvider, SsrfPolicy, Store } from '@trawl/core';
import type { AuthOption } from './auth/authenticate.js';
import type { RateLimits } from './limits/rate-limits.js';
import type { Logger } from './logger.js';
import type { WebhookSender } from './webhooks/index.js';

export interface WebhookSettings {
  /** Signs every delivery into `X-Trawl-Signature: sha256=<hmac>`. */
  secret?: string;
  /** Requests per delivery, the first included (default 4). */
  maxAttempts?: number;
  /** Budget of one delivery attempt in ms (default 10 s). */
  timeoutMs?: number;
}

export interface TrawlApiOptions {
  /** Where jobs, results, credits and rate-limit counters live (default: a new in-memory store). */
  store?: Store;
  /** API keys to teams, or a function resolving a bearer token. Absent: open, every caller is team `local`. */
  auth?: AuthOption;
  /**
   * Let scrapes, crawls, maps and webhooks reach loopback, private and link-local addresses
   * (default false, as `trawl serve` without `--allow-private-network`).
   */
  allowPrivateNetwork?: boolean;
  /** A full SSRF policy instead of `allowPrivateNetwork` (e.g. to allow a few intranet hosts). */
  ssrf?: SsrfPolicy;
  /**
   * Run jobs in this process (default true, 10 pages at once, each leased for 2 minutes). Set
   * false when separate worker processes share the store.
   */
  worker?: boolean | { concurrency?: number; leaseMs?: number };
  /** Requests per minute per team, by endpoint class (default: none). */
  rateLimits?: RateLimits;
  /** Starting credit balances of teams that have none yet (others are unlimited). */
  credits?: Record<string, number>;
  /** How long jobs and their results stay readable (default 24 h). */
  retentionMs?: number;
  /** What the page memory keeps (the scrape cache, change tracking): snapshots per team and the largest kept, in bytes. */
  pageMemory?: { keep?: number; maxBytes?: number };
  /** Largest file `POST /v2/parse` accepts, in bytes (default 50 MB): a larger upload is a 413. */
  parseMaxBytes?: number;
  /** Webhook delivery settings, or a sender of your own. */
  webhooks?: WebhookSettings | WebhookSender;
  /** The search provider of `/v1/search`, `/v0/search` and extract's web search (e.g. @trawl/search); without one search answers 501. */
  search?: SearchProvider;
  /** The model behind the `json` format, extract and llms.txt (e.g. @trawl/llm); without one json and extract answer 501. */
  llm?: LlmProvider;
  /** A page engine that runs JavaScript (e.g. @trawl/browser-playwright): screenshots, actions, rendered pages. The caller closes it. */
  browser?: Browser;
  /**
   * Sees every page the embedded worker records for a crawl or batch job, e.g. to add it to a
   * local search index (`trawl serve` does with `TRAWL_SEARCH_PROVIDER=local`). A failure is
   * logged; it never fails the page.
   */
  onPage?: (document: Document, jobId: string) => unknown;
  /**
   * Where scrapes and the embedded worker convert pages: default, the process's shared pool of
   * worker threads (one per core); `false` converts on the server's own event loop. The caller closes a pool it passes.
   */
  convertPool?: ConvertPool | false;
  /** User agent of the server's requests when the caller's headers name none. */
  userAgent?: string;
  /** A prefix to strip when the host server does not (plain `node:http` under `/firecrawl`). */
  basePath?: string;
  /** How often expired jobs are deleted, in ms (default 10 min; 0 turns sweeping off). */
  sweepIntervalMs?: number;
  logger?: Logger;
}

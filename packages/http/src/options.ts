import type { Document, Runtime, RuntimeOptions } from '@trawl/core';
import type { FairGateLimits } from '@trawl/core/server';
import type { SessionSettings } from './sessions/session-service.js';
import type { AuthOption } from './auth/authenticate.js';
import type { RequestLocation } from './transport/request-url.js';
import type { NodeRequest, NodeResponse } from './transport/types.js';
import type { RateLimits } from './limits/rate-limits.js';
import type { StreamLimits } from './watch/stream-budget.js';
import type { WebhookSender } from './webhooks/index.js';

export interface WebhookSettings {
  /** Signs every delivery into `X-Trawl-Signature: sha256=<hmac>`. */
  secret?: string;
  /** Requests per delivery, the first included (default 4). */
  maxAttempts?: number;
  /** Budget of one delivery attempt in ms (default 10 s). */
  timeoutMs?: number;
}

/**
 * Pages served beside the API on the same handler (the web console, `@trawl/console`'s
 * `createConsole()`): `serve` answers the requests it owns and returns true, and leaves the rest
 * (false) to the API. Called only when given, so an API without one pays nothing.
 */
export interface ApiSite {
  serve(req: NodeRequest, res: NodeResponse, location: RequestLocation): boolean;
}

/**
 * The API's options: what it serves (auth, limits, credits, webhooks, the embedded worker) and
 * what it runs with, as the library's functions take it: a core `Runtime` built once
 * (`runtime`), or its settings inline (`store`, `ssrf`, `browser`, `llm`, `searchProvider`,
 * `convertPool`, `userAgent`, `retentionMs`, `logger`…; inline settings win). Without a store,
 * a new in-memory one (closed with the API). The SSRF guard is on unless `ssrf` or
 * `allowPrivateNetwork` says otherwise: unlike the library, a server fetches what strangers ask.
 */
export interface TrawlApiOptions extends RuntimeOptions {
  /** A site served beside the API, such as the web console (`createConsole()` of `@trawl/console`); absent by default. */
  console?: ApiSite;
  /** What the API runs with, built once (core's `createRuntime`); the caller closes it. */
  runtime?: Runtime;
  /** API keys to teams, or a function resolving a bearer token. Absent: open, every caller is team `local`. */
  auth?: AuthOption;
  /**
   * Let scrapes, crawls, maps and webhooks reach loopback, private and link-local addresses
   * (default false, as `trawl serve` without `--allow-private-network`); `ssrf` gives a full policy instead.
   */
  allowPrivateNetwork?: boolean;
  /**
   * Run jobs in this process (default true, 10 pages at once, each leased for 2 minutes, one
   * team holding all but one while another team's pages run; see startWorker). Set false when
   * separate worker processes share the store.
   */
  worker?: boolean | { concurrency?: number; leaseMs?: number; pagesPerTeam?: number };
  /** Requests per minute per team, by endpoint class (default: `status` 3000, the rest none). */
  rateLimits?: RateLimits;
  /**
   * Status reads (`GET` of job results and records, up to 10 MiB each) served at once: per team
   * (default 2) and in all (default 16); the rest wait their turn, teams round robin.
   */
  statusReads?: FairGateLimits;
  /** Uploads (`POST /v2/parse`) read and converted at once: per team (default 2) and in all (default 4); the rest wait their turn. */
  uploads?: FairGateLimits;
  /** Starting credit balances of teams that have none yet (others are unlimited). */
  credits?: Record<string, number>;
  /** What the page memory keeps (the scrape cache, change tracking): snapshots per team and the largest kept, in bytes. */
  pageMemory?: { keep?: number; maxBytes?: number };
  /**
   * Browser sessions and interact (docs/browser.md): how long a browser scrape keeps its page for
   * `/v2/scrape/{id}/interact` (default 600 000 ms; 0: none), sessions per team (default 5), and
   * whether `code` runs inside the page (default false: a 403).
   */
  sessions?: Partial<SessionSettings>;
  /** Largest file `POST /v2/parse` accepts, in bytes (default 50 MB): a larger upload is a 413. */
  parseMaxBytes?: number;
  /**
   * WebSocket status streams (the SDKs' `watcher()`): how many one team may hold open at once
   * (default 20), open per minute (default 120), and the server in all (default 1000). A stream
   * over a limit is refused before the upgrade (429, or 503 for the server's), and the SDKs poll.
   * Also the bytes of finished jobs' encoded slices kept for the streams (`cacheBytes`, default
   * 256 MiB; `cacheBytesPerTeam`, default 64 MiB) and the bytes of slices all streams send per
   * event-loop iteration (`bytesPerTurn`, default 4 MiB).
   */
  streams?: StreamLimits;
  /** Webhook delivery settings, or a sender of your own. */
  webhooks?: WebhookSettings | WebhookSender;
  /**
   * Sees every page the embedded worker records for a crawl or batch job, e.g. to add it to a
   * local search index (`trawl serve` does with `TRAWL_SEARCH_PROVIDER=local`). A failure is
   * logged; it never fails the page.
   */
  onPage?: (document: Document, jobId: string) => unknown;
  /** A prefix to strip when the host server does not (plain `node:http` under `/firecrawl`). */
  basePath?: string;
  /** How often expired jobs are deleted, in ms (default 10 min; 0 turns sweeping off). */
  sweepIntervalMs?: number;
}

import type { Account } from '@trawl/core/server';
import type { TrawlApi } from '@trawl/http';

/** What the tools use of the API: in-process calls, and the store to watch a job's progress. */
export type McpBackend = Pick<TrawlApi, 'invoke' | 'store'>;

export interface McpLimits {
  /** Characters of one tool answer at most; longer answers are paged (default 40 000, about 10 000 tokens). */
  maxResultChars: number;
  /** How long a crawl, extract or llms.txt tool waits for its job before answering its id and progress (default 5 min). */
  maxWaitMs: number;
  /** How often a waiting tool looks at its job (default 500 ms). */
  pollIntervalMs: number;
}

export const DEFAULT_LIMITS: McpLimits = { maxResultChars: 40_000, maxWaitMs: 5 * 60_000, pollIntervalMs: 500 };

/** One session's view: the caller's account and where it reached the server. */
export interface ToolContext {
  api: McpBackend;
  account: Account;
  limits: McpLimits;
  /** `proto://host` of the HTTP request, for the URLs answers name. */
  origin?: string;
  /**
   * The client can answer the server's requests on this connection (stdio). A stateless HTTP
   * POST cannot: the client's answer would come in a POST of its own, to a server that never sent it.
   */
  answersRequests?: boolean;
}

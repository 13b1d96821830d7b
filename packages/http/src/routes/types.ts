import type { Account, FairGate } from '@trawl/core/server';
import type { RuntimeWithStore } from '@trawl/core';
import type { ErrorStyle } from '../transport/error-response.js';
import type { RequestLocation } from '../transport/request-url.js';
import type { PathParams } from '../transport/router.js';
import type { NodeRequest } from '../transport/types.js';
import type { JobNotifier } from '../jobs/job-notifier.js';
import type { RateLimitClass } from '../limits/rate-limits.js';
import type { LlmJobRunner } from '../jobs/llm-job-runner.js';
import type { ApiServices } from '../services.js';
import type { SessionService } from '../sessions/session-service.js';

/**
 * What every handler shares: the runtime, the job notifier and the API's own settings. A handler
 * gets it scoped to its caller: the runtime's model records the tokens it uses in the caller's
 * usage history.
 */
export interface ApiContext {
  /** The store, SSRF policy, user agent, browser, model, search provider, pool and retention every request runs with. */
  runtime: RuntimeWithStore;
  /** What the page memory keeps (the scrape cache, change tracking). */
  pageMemory: { keep?: number; maxBytes?: number };
  /** Where a manual monitor run reports (the monitor's webhook). */
  monitorHooks: ApiServices['monitorHooks'];
  /** Largest file `POST /v2/parse` accepts, in bytes. */
  parseMaxBytes: number;
  /** Uploads read and converted at once: a few per team, teams in turn. */
  uploads: FairGate;
  notifier: JobNotifier;
  llmJobs: LlmJobRunner;
  /** Starting balances of teams with a credit limit (`credits` option): their plan. */
  startingCredits: Readonly<Record<string, number>>;
  /** Browser sessions and the pages scrapes keep for interact. */
  sessions: SessionService;
  /** Pages the embedded worker runs at once (0 when jobs run in separate worker processes). */
  workerConcurrency: number;
}

export interface RouteRequest {
  req: NodeRequest;
  params: PathParams;
  location: RequestLocation;
  teamId: string;
  /** The caller's team and API key: whom credits and tokens are charged to. */
  account: Account;
  /** The parsed JSON body (`undefined` for routes without one). */
  body: unknown;
  /** Aborted when the client goes away before the answer. */
  signal: AbortSignal;
}

export interface RouteResult {
  status?: number;
  body: unknown;
}

export type RouteHandler = (request: RouteRequest, api: ApiContext) => Promise<RouteResult>;

export interface RouteDefinition {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  /** How this endpoint words its errors (see error-response.ts). */
  style: ErrorStyle;
  rateClass: RateLimitClass;
  readsBody: boolean;
  /** Answered without auth or rate limits: the service description and the health probes. */
  public?: boolean;
  handle: RouteHandler;
}

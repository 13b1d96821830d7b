import type { Duplex } from 'node:stream';
import { createFairGate, type Store } from '@trawl/core/ports';
import { DEFAULT_PARSE_MAX_BYTES } from '@trawl/core';
import { teamRuntime, type Account } from '@trawl/core/server';
import { createAuthenticator } from './auth/authenticate.js';
import { toErrorResponse } from './transport/error-response.js';
import { assertJsonDepth } from './transport/json-depth.js';
import { readJsonBody } from './transport/read-body.js';
import { locateRequest } from './transport/request-url.js';
import { sendJson } from './transport/respond.js';
import type { NextFunction, NodeRequest, NodeResponse } from './transport/types.js';
import { DEFAULT_STATUS_GATE, DEFAULT_UPLOAD_GATE } from './limits/gate-limits.js';
import { DEFAULT_RATE_LIMITS, enforceRateLimit } from './limits/rate-limits.js';
import type { TrawlApiOptions } from './options.js';
import { createRouter } from './routes/route-table.js';
import { callLocation, detachedRequest, type ApiCall, type ApiCallResult } from './in-process.js';
import type { ApiContext, RouteDefinition } from './routes/types.js';
import { startServices } from './services.js';
import { createJobWatch } from './watch/job-watch.js';

/** A `(req, res, next?)` handler for `node:http`, Express 4/5 and Connect, with its lifecycle. */
export interface TrawlApi {
  (req: NodeRequest, res: NodeResponse, next?: NextFunction): void;
  /** The store holding jobs, results, credits and rate-limit counters. */
  readonly store: Store;
  /**
   * The SDKs' WebSocket status stream of crawl and batch jobs (4.x `watcher()`, 1.x
   * `crawlUrlAndWatch`): pass it to the HTTP server's `upgrade` event. Without it the SDKs poll.
   */
  handleUpgrade(req: NodeRequest, socket: Duplex, head: Buffer): void;
  /**
   * Runs one endpoint in this process for an authenticated caller, with the rate limits, credits,
   * SSRF policy and code path of an HTTP request: how the MCP server's tools reach the API. Failures
   * come back as the error body and status HTTP would show, never as a rejection.
   */
  invoke(call: ApiCall): Promise<ApiCallResult>;
  /** The caller of a request, by its bearer token as the API reads it; rejects with an error carrying `status` 401 otherwise. */
  authenticate(req: NodeRequest): Promise<Account>;
  /** Stops the embedded worker (interrupted pages stay queued), the sweeper, status streams and webhook delivery. */
  close(): Promise<void>;
  /** Resolves when every webhook and extract or llms.txt job started so far is done (and its credits settled). */
  settled(): Promise<void>;
}

/** Reads of job results and records (`GET`s of the `status` class): what the status gate lets through a few at a time per team. */
function isStatusRead(route: RouteDefinition): boolean {
  return route.method === 'GET' && route.rateClass === 'status' && !route.public;
}

/** Calls `done` once the response has been written out, or the connection closed. */
function whenSent(res: NodeResponse, done: () => void): void {
  if (res.writableFinished || res.destroyed) return done();
  res.once('finish', done);
  res.once('close', done);
}

/**
 * The Firecrawl-compatible v0/v1 API as a plain request handler. Paths it does not serve go to
 * `next` when there is one (so it mounts beside other routes), else get a JSON 404.
 */
export function createTrawlApi(options: TrawlApiOptions = {}): TrawlApi {
  const services = startServices(options);
  const { runtime } = services;
  const router = createRouter();
  const authenticate = createAuthenticator(options.auth);
  const rateLimits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
  // Reads of job results can be megabytes each: a team's go a few at a time, teams in turn.
  const statusGate = createFairGate(options.statusReads ?? DEFAULT_STATUS_GATE);
  const context: ApiContext = {
    runtime,
    pageMemory: options.pageMemory ?? {},
    monitorHooks: services.monitorHooks,
    parseMaxBytes: options.parseMaxBytes ?? DEFAULT_PARSE_MAX_BYTES,
    uploads: createFairGate(options.uploads ?? DEFAULT_UPLOAD_GATE),
    notifier: services.notifier,
    llmJobs: services.llmJobs,
    sessions: services.sessions,
    startingCredits: options.credits ?? {},
    workerConcurrency: services.workerConcurrency,
  };

  /**
   * The context of one caller's request: its model records the tokens it uses in the caller's
   * usage, the local search index it searches is its team's, and its pages take their team's
   * turn in the conversion threads and browser pages.
   */
  function scopedTo(account: Account): ApiContext {
    return { ...context, runtime: teamRuntime(runtime, account) };
  }

  async function serve(
    route: RouteDefinition,
    req: NodeRequest,
    res: NodeResponse,
    params: Record<string, string>,
    location: ReturnType<typeof locateRequest>,
  ) {
    const aborter = new AbortController();
    const onClose = () => {
      if (!res.writableEnded) aborter.abort(new Error('The client closed the connection'));
    };
    res.on('close', onClose);
    let leave: (() => void) | undefined;
    try {
      let account: Account = { teamId: '', apiKey: null };
      if (!route.public) {
        account = await authenticate(req);
        await admit(route, account);
      }
      if (isStatusRead(route)) {
        leave = await statusGate.enter(account.teamId, aborter.signal).catch(() => undefined);
        // Only a client that went away while waiting leaves the line without a place.
        if (!leave) return;
      }
      const body = route.readsBody ? await readJsonBody(req) : undefined;
      const result = await route.handle(
        { req, params, location, teamId: account.teamId, account, body, signal: aborter.signal },
        scopedTo(account),
      );
      sendJson(res, result.status ?? 200, result.body);
    } catch (error) {
      const response = toErrorResponse(error, route.style);
      if (response.unexpected !== undefined) runtime.logger.error(`${req.method} ${location.path} failed`, response.unexpected);
      sendJson(res, response.status, response.body, response.headers);
    } finally {
      res.off('close', onClose);
      // The place is held until the answer is written out, so a team's megabytes in flight stay bounded.
      if (leave) whenSent(res, leave);
    }
  }

  /** What every non-public call passes before its handler: the starting balances in place, the team's rate limit. */
  async function admit(route: RouteDefinition, account: Account): Promise<void> {
    await services.ready;
    await enforceRateLimit(runtime.store, rateLimits, route.rateClass, account.teamId);
  }

  async function invoke(call: ApiCall): Promise<ApiCallResult> {
    const location = callLocation(call);
    const match = router.match(call.method, location.path);
    if (match.type !== 'found' || match.route.public)
      return { status: 404, body: { success: false, error: `Not found: ${call.method} ${location.path}` } };
    const { route, params } = match;
    let leave: (() => void) | undefined;
    try {
      await admit(route, call.account);
      if (route.readsBody) assertJsonDepth(call.body, "The call's arguments");
      if (isStatusRead(route)) leave = await statusGate.enter(call.account.teamId, call.signal);
      const result = await route.handle(
        {
          req: detachedRequest(call),
          params,
          location,
          teamId: call.account.teamId,
          account: call.account,
          body: route.readsBody ? call.body : undefined,
          signal: call.signal ?? new AbortController().signal,
        },
        scopedTo(call.account),
      );
      return { status: result.status ?? 200, body: result.body as Record<string, unknown> };
    } catch (error) {
      const response = toErrorResponse(error, route.style);
      if (response.unexpected !== undefined) runtime.logger.error(`in-process ${call.method} ${location.path} failed`, response.unexpected);
      return { status: response.status, body: response.body };
    } finally {
      leave?.();
    }
  }

  const watch = createJobWatch({
    store: runtime.store,
    authenticate,
    ready: services.ready,
    logger: runtime.logger,
    ...(options.streams ? { limits: options.streams } : {}),
    ...(options.basePath ? { basePath: options.basePath } : {}),
  });

  const site = options.console;
  const handler = (req: NodeRequest, res: NodeResponse, next?: NextFunction): void => {
    const location = locateRequest(req, options.basePath);
    // Only with a console: its pages are a map lookup on GET and HEAD, and the API's own routes win the rest.
    if (site?.serve(req, res, location)) return;
    const match = router.match(req.method ?? 'GET', location.path);
    if (match.type === 'found') {
      // serve() answers every failure itself; this catch only guards against a failing answer.
      serve(match.route, req, res, match.params, location).catch((error) => {
        runtime.logger.error(`${req.method} ${location.path}: could not answer`, error);
        if (!res.headersSent) res.destroy();
      });
      return;
    }
    if (next) return next();
    if (match.type === 'method_not_allowed') {
      sendJson(
        res,
        405,
        { success: false, error: `Method ${req.method} is not allowed on ${location.path}` },
        { allow: match.allowed.join(', ') },
      );
      return;
    }
    sendJson(res, 404, { success: false, error: `Not found: ${req.method} ${location.path}` });
  };

  return Object.assign(handler, {
    store: runtime.store,
    handleUpgrade: (req: NodeRequest, socket: Duplex, head: Buffer) => watch.handleUpgrade(req, socket, head),
    invoke,
    authenticate,
    close: () => {
      watch.close();
      return services.close();
    },
    settled: async () => {
      await services.llmJobs.settled();
      await services.notifier.settled();
    },
  });
}

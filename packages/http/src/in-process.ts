/**
 * Calls of the API from inside the process (the MCP server's tools): a route is matched and run
 * as an HTTP request would be, for a caller already authenticated, and answers a status and the
 * JSON body an HTTP client would have read.
 */
import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import type { Account } from '@trawl/core/server';
import type { RequestLocation } from './transport/request-url.js';
import type { NodeRequest } from './transport/types.js';

export interface ApiCall {
  method: 'GET' | 'POST' | 'DELETE';
  /** An API path with its query, as over HTTP: `/v2/crawl/<id>?skip=10`. */
  path: string;
  /** The JSON body of a POST. */
  body?: unknown;
  /** Whom the call is for: its team pays and its rate limits count it. */
  account: Account;
  /** Cancels the work, as a client closing its connection does. */
  signal?: AbortSignal;
  /** `proto://host` the caller reached the server at, for the URLs the answer holds (default `http://localhost`). */
  origin?: string;
}

export interface ApiCallResult {
  status: number;
  /** The JSON body: a success answer, or an error body (`error`, maybe `code` and `details`). */
  body: Record<string, unknown>;
}

/** Where an in-process call lands: its path and query, as `locateRequest` gives them for HTTP. */
export function callLocation(call: ApiCall): RequestLocation {
  const url = new URL(call.path, call.origin ?? 'http://localhost');
  return { path: url.pathname, query: url.searchParams, origin: url.origin, mountPrefix: '' };
}

/** Handlers get a request object; an in-process call has no socket, so this one is empty and never read from. */
export function detachedRequest(call: ApiCall): NodeRequest {
  const req = new IncomingMessage(new Socket());
  req.method = call.method;
  req.url = call.path;
  req.headers = { host: new URL(call.origin ?? 'http://localhost').host };
  return req;
}

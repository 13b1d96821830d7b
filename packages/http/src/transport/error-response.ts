/**
 * The one place where failures become HTTP responses: TrawlError codes, zod errors, malformed
 * JSON and anything unexpected map to a status and the body form of the endpoint. Each code's
 * status is core's ERROR_STATUS table; docs/errors.md lists them (test/errors.test.ts holds the
 * two together).
 */
import { isTrawlError, type TrawlError } from '@trawl/core';
import { ZodError } from 'zod';
import { ApiError, badRequest, MESSAGES, paymentRequired } from './api-error.js';
import { zodDetails } from './zod-details.js';

/**
 * How an endpoint words its errors: `plain` is the contract's `{error}`; `success` is
 * `{success:false, error}` (v1 search, llms.txt, credit usage); `v0` never adds `success`.
 * v1 endpoints add `success:false` to detailed errors whatever their form, as Firecrawl does.
 */
export type ErrorStyle = 'plain' | 'success' | 'v0';

export interface ErrorResponse {
  status: number;
  body: Record<string, unknown>;
  headers: Record<string, string>;
  /** Set for failures the server did not expect: worth logging. */
  unexpected?: unknown;
}

/** What a 503 STORE_UNAVAILABLE asks clients to wait before trying again. */
const STORE_RETRY_AFTER_S = 5;

export function toErrorResponse(error: unknown, style: ErrorStyle): ErrorResponse {
  const api = toApiError(error);
  const { code, details, headers = {} } = api.options;
  let body: Record<string, unknown>;
  if (api.kind === 'spec') {
    body = style === 'success' ? { success: false, error: api.message } : { error: api.message };
  } else {
    body = {
      ...(style === 'v0' ? {} : { success: false }),
      ...(code ? { code } : {}),
      error: api.message,
      ...(details === undefined ? {} : { details }),
    };
  }
  return { status: api.status, body, headers, ...(isExpected(error) ? {} : { unexpected: api.cause ?? error }) };
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof ZodError) return badRequest(zodDetails(error));
  if (isTrawlError(error)) return fromTrawlError(error);
  return new ApiError(500, MESSAGES.unexpected, { kind: 'spec' });
}

function fromTrawlError(error: TrawlError): ApiError {
  switch (error.code) {
    case 'JOB_NOT_FOUND':
      return new ApiError(404, MESSAGES.jobNotFound, { kind: 'spec' });
    case 'INTERNAL':
      return new ApiError(500, MESSAGES.unexpected, { kind: 'spec' });
    case 'INSUFFICIENT_CREDITS':
      return paymentRequired();
    case 'STORE_UNAVAILABLE':
      // Stores come back within seconds (a Redis restart); clients that honour it try again then.
      return new ApiError(503, error.message, { code: error.code, headers: { 'retry-after': String(STORE_RETRY_AFTER_S) } });
    case 'INVALID_OPTIONS':
    case 'SCRAPE_INVALID_URL':
      return badRequest([{ code: error.code, message: error.message, path: [] }], error.message);
    default:
      return new ApiError(error.status, error.message, { code: error.code });
  }
}

function isExpected(error: unknown): boolean {
  if (error instanceof ApiError) return error.status !== 500;
  if (error instanceof ZodError) return true;
  return isTrawlError(error) && error.code !== 'INTERNAL';
}

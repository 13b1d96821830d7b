import { ERROR_STATUS, type ApiErrorCode } from '@trawl/core';
import type { AnswerErrorCode } from '@trawl/core/server';

/**
 * An error a handler raises to end a request with a given status. `spec` errors are the rows of
 * the API contract's Errors table (402, 429, 500, missing jobs): their bodies carry only the
 * message, in the endpoint's form. `detailed` errors (bad requests, failed scrapes, auth) carry
 * Firecrawl's v1 shape with a machine-readable code.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly options: {
      kind?: 'spec' | 'detailed';
      code?: AnswerErrorCode;
      details?: unknown;
      headers?: Record<string, string>;
      /** The failure behind it, for the server's log. */
      cause?: unknown;
    } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
  }

  get kind(): 'spec' | 'detailed' {
    return this.options.kind ?? 'detailed';
  }
}

/** The contract's fixed messages. */
export const MESSAGES = {
  paymentRequired: 'Payment required to access this resource.',
  rateLimited: 'Request rate limit exceeded. Please wait and try again later.',
  unexpected: 'An unexpected error occurred on the server.',
  jobNotFound: 'Job not found',
  crawlJobNotFound: 'Crawl job not found.',
  llmsTxtJobNotFound: 'LLMs.txt generation job not found',
  extractJobNotFound: 'Extract job not found',
  invalidJson: 'Bad request, malformed JSON',
  badRequest: 'Bad Request',
} as const;

export function paymentRequired(): ApiError {
  return new ApiError(402, MESSAGES.paymentRequired, { kind: 'spec' });
}

export function rateLimited(retryAfterMs: number): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new ApiError(429, MESSAGES.rateLimited, { kind: 'spec', headers: { 'retry-after': String(seconds) } });
}

export function notFound(message: string = MESSAGES.jobNotFound): ApiError {
  return new ApiError(404, message, { kind: 'spec' });
}

/** An error with one of the API's own codes, answered with that code's status from core's table. */
export function codedError(code: ApiErrorCode, message: string, options: { details?: unknown; cause?: unknown } = {}): ApiError {
  return new ApiError(ERROR_STATUS[code], message, { ...options, code });
}

export function badRequest(details: unknown, message: string = MESSAGES.badRequest): ApiError {
  return codedError('BAD_REQUEST', message, { details });
}

/** 501 for a feature of Firecrawl's API that Trawl does not have yet, naming it. */
export function notImplemented(feature: string): ApiError {
  return codedError('NOT_IMPLEMENTED', `${feature} is not supported by this Trawl server`);
}

import { ERROR_STATUS, type TrawlErrorCode } from './error-codes.js';

export type { TrawlErrorCode } from './error-codes.js';

/**
 * Marks a TrawlError made by any copy of @trawl/core: with two installed copies, an error from one
 * fails `instanceof` against the other's class, so `isTrawlError` checks this instead.
 */
const BRAND: unique symbol = Symbol.for('trawl.error') as never;

/** Every failure Trawl reports carries one of these codes; the http package answers with `status`. */
export class TrawlError extends Error {
  override readonly name = 'TrawlError';
  readonly code: TrawlErrorCode;
  /** The HTTP status a server should answer with when this error ends a request. */
  readonly status: number;

  constructor(code: TrawlErrorCode, message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = options.status ?? ERROR_STATUS[code];
  }

  toJSON(): { code: TrawlErrorCode; message: string } {
    return { code: this.code, message: this.message };
  }
}

// On the prototype, so an error's own properties (what tests and loggers compare) stay as they were.
Object.defineProperty(TrawlError.prototype, BRAND, { value: true });

/** Whether `value` is a TrawlError from this or any other copy of @trawl/core. Use it, never `instanceof`. */
export function isTrawlError(value: unknown): value is TrawlError {
  return typeof value === 'object' && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true;
}

/** The code to record for a failure: its own when it is a TrawlError, INTERNAL for anything else. */
export function errorCodeOf(error: unknown): TrawlErrorCode {
  return isTrawlError(error) ? error.code : 'INTERNAL';
}

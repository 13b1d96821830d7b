/** Every failure Trawl reports carries one of these codes; the http package maps them to statuses. */
export type TrawlErrorCode =
  | 'SCRAPE_TIMEOUT'
  | 'SCRAPE_DNS_RESOLUTION_ERROR'
  | 'SCRAPE_SSL_ERROR'
  | 'SCRAPE_CONNECTION_ERROR'
  | 'SCRAPE_BLOCKED_URL'
  | 'SCRAPE_INVALID_URL'
  | 'SCRAPE_UNSUPPORTED_CONTENT'
  | 'SCRAPE_TOO_LARGE'
  | 'SCRAPE_TOO_MANY_REDIRECTS'
  | 'SCRAPE_REDIRECT_LOOP'
  | 'SCRAPE_ABORTED'
  | 'SCRAPE_ADAPTER_MISSING'
  | 'SCRAPE_ACTION_ERROR'
  | 'INVALID_OPTIONS'
  | 'JOB_NOT_FOUND'
  /** The LLM provider failed, or answered badly twice (see ports/llm.ts). */
  | 'LLM_ERROR'
  /** The search provider failed: unreachable, an error status, an unreadable answer (status 502). */
  | 'SEARCH_PROVIDER_ERROR'
  /** The team's credits cannot cover the work's most (see credits/spend-credits.ts). */
  | 'INSUFFICIENT_CREDITS'
  | 'INTERNAL';

export class TrawlError extends Error {
  override readonly name = 'TrawlError';
  readonly code: TrawlErrorCode;
  /** The HTTP status a server should answer with when this error ends a request. */
  readonly status: number;

  constructor(code: TrawlErrorCode, message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = options.status ?? defaultStatus(code);
  }

  toJSON(): { code: TrawlErrorCode; message: string } {
    return { code: this.code, message: this.message };
  }
}

function defaultStatus(code: TrawlErrorCode): number {
  switch (code) {
    case 'SCRAPE_TIMEOUT':
      return 408;
    case 'SCRAPE_INVALID_URL':
    case 'SCRAPE_BLOCKED_URL':
    case 'INVALID_OPTIONS':
      return 400;
    case 'JOB_NOT_FOUND':
      return 404;
    case 'INSUFFICIENT_CREDITS':
      return 402;
    case 'SCRAPE_TOO_LARGE':
      return 413;
    case 'SCRAPE_UNSUPPORTED_CONTENT':
      return 415;
    case 'SCRAPE_ADAPTER_MISSING':
      return 501;
    case 'INTERNAL':
      return 500;
    default:
      return 502;
  }
}

export function isTrawlError(value: unknown): value is TrawlError {
  return value instanceof TrawlError;
}

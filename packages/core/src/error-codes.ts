/**
 * Every error code Trawl reports, in one union, with the HTTP status the API answers with.
 * docs/errors.md explains each code; a test in @trawl/http fails when the two disagree.
 */

/** Codes a TrawlError carries: failures inside core (scrape, crawl, search, LLM, jobs, credits). */
const TRAWL_ERROR_STATUS = {
  SCRAPE_TIMEOUT: 408,
  SCRAPE_DNS_RESOLUTION_ERROR: 502,
  SCRAPE_SSL_ERROR: 502,
  SCRAPE_CONNECTION_ERROR: 502,
  SCRAPE_BLOCKED_URL: 400,
  SCRAPE_INVALID_URL: 400,
  SCRAPE_UNSUPPORTED_CONTENT: 415,
  SCRAPE_TOO_LARGE: 413,
  /** A document (PDF, Word, spreadsheet, slides) of a format Trawl reads, but truncated, damaged or encrypted. */
  DOCUMENT_UNREADABLE: 422,
  SCRAPE_TOO_MANY_REDIRECTS: 502,
  SCRAPE_REDIRECT_LOOP: 502,
  SCRAPE_ABORTED: 502,
  /** A browser, LLM or search provider is needed and none is configured. */
  SCRAPE_ADAPTER_MISSING: 501,
  SCRAPE_ACTION_ERROR: 502,
  /**
   * The site answered with a block page instead of the page (a challenge, a captcha, a WAF's
   * refusal, a rate limit, a consent or login wall) and the escalation ladder could not get past
   * it (see blocks/).
   */
  SCRAPE_BLOCKED_BY_SITE: 403,
  /** The URL answered with no page: a "not found" page served with a success status, or a parked domain. */
  SCRAPE_PAGE_NOT_FOUND: 404,
  INVALID_OPTIONS: 400,
  JOB_NOT_FOUND: 404,
  /** The LLM provider failed, or answered badly twice (see ports/llm.ts). */
  LLM_ERROR: 502,
  /** The search provider failed: unreachable, an error status, an unreadable answer. */
  SEARCH_PROVIDER_ERROR: 502,
  /** The team's credits cannot cover the work's most (see credits/spend-credits.ts). */
  INSUFFICIENT_CREDITS: 402,
  /** `minAge` asked for a cached copy and the page memory holds none old enough (see memory/cache.ts). */
  SCRAPE_NO_CACHED_DATA: 404,
  /** `lockdown` answers from the page memory only, and it holds no copy of the page for these formats (memory/page-memory.ts). */
  SCRAPE_LOCKDOWN_MISS: 404,
  /** The store (Redis, a database file) does not answer: down, restarting, locked too long. Try again later. */
  STORE_UNAVAILABLE: 503,
  /** The store is out of space (a full disk under the SQLite file): new work is refused, reads still answer. */
  STORAGE_FULL: 507,
  /** A browser session (or a scrape's kept page) that never existed, belongs to another team, was stopped or expired. */
  BROWSER_SESSION_NOT_FOUND: 404,
  /** The team already has as many browser sessions open as the server allows (TRAWL_BROWSER_SESSIONS_PER_TEAM). */
  BROWSER_SESSION_LIMIT: 429,
  /** `code` sent to a session while the operator has not enabled code (TRAWL_BROWSER_CODE). */
  BROWSER_CODE_DISABLED: 403,
  INTERNAL: 500,
} as const;

/** Codes only the HTTP API answers with (@trawl/http): the request itself is wrong or asks for what this server lacks. */
const API_STATUS = {
  BAD_REQUEST: 400,
  BAD_REQUEST_INVALID_JSON: 400,
  PAYLOAD_TOO_LARGE: 413,
  SCRAPE_NOT_FOUND: 404,
  MONITOR_NOT_FOUND: 404,
  BATCH_NOT_RUNNING: 409,
  /** Cancelling a crawl or batch that already completed (Firecrawl's 409). */
  JOB_ALREADY_COMPLETED: 409,
  NOT_IMPLEMENTED: 501,
} as const;

export type TrawlErrorCode = keyof typeof TRAWL_ERROR_STATUS;
export type ApiErrorCode = keyof typeof API_STATUS;
/** A code the API can answer a request with. */
export type AnswerErrorCode = TrawlErrorCode | ApiErrorCode;

/** The HTTP status of each code: what the API answers when the error ends a request. */
export const ERROR_STATUS: Readonly<Record<AnswerErrorCode, number>> = { ...TRAWL_ERROR_STATUS, ...API_STATUS };

export const TRAWL_ERROR_CODES = Object.keys(TRAWL_ERROR_STATUS) as readonly TrawlErrorCode[];
export const API_ERROR_CODES = Object.keys(API_STATUS) as readonly ApiErrorCode[];

/**
 * Codes of a crawl page's outcome, recorded in the job's errors and never an API answer: the page
 * answered an HTTP error status (`HTTP_404`), or redirected out of the crawl's scope.
 */
export const PAGE_ERROR_CODES = ['REDIRECT_OUT_OF_SCOPE'] as const;
export type PageErrorCode = (typeof PAGE_ERROR_CODES)[number] | `HTTP_${number}`;

/** Every code any package reports: on a TrawlError, in an API answer, or in a crawl's errors. */
export type ErrorCode = AnswerErrorCode | PageErrorCode;

import { isTrawlError, type TrawlErrorCode } from '../errors.js';
import { networkCode } from '../fetch/network-errors.js';

/** Transient failures are worth another attempt; permanent ones will fail the same way again. */
export type FailureKind = 'transient' | 'permanent';
export type Outcome = 'success' | FailureKind;

/** The exponential backoff between attempts at one page (a crawl's `maxRetries` caps how many). */
export interface BackoffPolicy {
  /** Delay before the first retry; doubles each time (default 500 ms). */
  baseDelayMs?: number;
  /** Ceiling of the exponential delay (default 30 s). */
  maxDelayMs?: number;
}

const TRANSIENT_CODES: ReadonlySet<TrawlErrorCode> = new Set(['SCRAPE_TIMEOUT', 'SCRAPE_CONNECTION_ERROR']);
const TRANSIENT_NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CLOSED',
]);

/** 408, 425, 429 and 5xx (but 501/505, which describe the server, not a moment) are transient. */
export function classifyStatus(status: number): Outcome {
  if (status < 400) return 'success';
  if (status === 408 || status === 425 || status === 429) return 'transient';
  if (status >= 500 && status !== 501 && status !== 505) return 'transient';
  return 'permanent';
}

/**
 * Timeouts and dropped or refused connections are transient. DNS failures (the name does not
 * exist), TLS errors, blocked or invalid URLs, bad content and cancellation are permanent.
 */
export function classifyError(error: unknown): FailureKind {
  if (isTrawlError(error)) {
    if (TRANSIENT_CODES.has(error.code)) return 'transient';
    // A resolver that says "try again" is overloaded, not telling us the name does not exist.
    return error.code === 'SCRAPE_DNS_RESOLUTION_ERROR' && networkCode(error.cause) === 'EAI_AGAIN' ? 'transient' : 'permanent';
  }
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'TimeoutError') return 'transient';
  if (name === 'AbortError') return 'permanent';
  const code = networkCode(error);
  return code !== undefined && TRANSIENT_NETWORK_CODES.has(code) ? 'transient' : 'permanent';
}

/**
 * Exponential backoff with "equal jitter": half the step is fixed, half random, so retries
 * from many workers spread out but never fire back-to-back. `retry` counts from 1.
 */
export function backoffDelay(retry: number, policy: BackoffPolicy = {}, random: () => number = Math.random): number {
  const base = policy.baseDelayMs ?? 500;
  const cap = policy.maxDelayMs ?? 30_000;
  const step = Math.min(cap, base * 2 ** Math.max(0, retry - 1));
  return Math.round(step / 2 + random() * (step / 2));
}

/** `Retry-After` as milliseconds from `now`: delta seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  if (!/[a-z]/i.test(trimmed)) return undefined; // an HTTP date names its day; Date.parse would read "-5" as a year
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The wait a 429 or 503 response asks for, if it sends `Retry-After`. */
export function retryAfterOf(response: { status: number; headers: Record<string, string> }): number | undefined {
  if (response.status !== 429 && response.status !== 503) return undefined;
  return parseRetryAfter(response.headers['retry-after']);
}

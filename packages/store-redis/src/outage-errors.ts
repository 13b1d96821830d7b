import { TrawlError } from '@trawl/core';

/** Socket failures: Redis is unreachable for now. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTCONN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** Replies of a Redis that is restarting, failing over or briefly busy: the same command works later. */
const TRANSIENT_REPLY = /^(LOADING|BUSY|TRYAGAIN|MASTERDOWN|READONLY|CLUSTERDOWN)\b/;
/** ioredis's own words for a command it gave up on while the connection was down or closing. */
const CLIENT_GAVE_UP = /^(Connection is closed|Stream isn't writeable|Reached the max retries per request limit)/;

/**
 * Reads an ioredis or BullMQ failure as an outage: STORE_UNAVAILABLE while Redis is down,
 * restarting or loading its data, STORAGE_FULL when it refuses writes for want of memory (OOM).
 * Anything else (a script error, a bad argument) is not an outage.
 */
export function redisOutage(error: unknown): TrawlError | undefined {
  if (!(error instanceof Error)) return undefined;
  if (/^OOM\b/.test(error.message)) return new TrawlError('STORAGE_FULL', `Redis is out of memory: ${error.message}`, { cause: error });
  const code = (error as { code?: unknown }).code;
  const down =
    error.name === 'MaxRetriesPerRequestError' ||
    (typeof code === 'string' && CONNECTION_CODES.has(code)) ||
    CLIENT_GAVE_UP.test(error.message) ||
    TRANSIENT_REPLY.test(error.message);
  return down ? new TrawlError('STORE_UNAVAILABLE', `Redis does not answer: ${error.message}`, { cause: error }) : undefined;
}

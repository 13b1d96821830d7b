import { isTrawlError } from '@trawl/core';

/** One line a user can act on: the error code and its message, never a stack trace. */
export function describeError(error: unknown): string {
  if (isTrawlError(error)) return `error [${error.code}]: ${error.message}`;
  return `error: ${error instanceof Error ? error.message : String(error)}`;
}

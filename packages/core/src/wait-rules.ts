import type { z } from 'zod';
import { MAX_WAIT_MS } from './limits.js';

/** The fields of scrape options that ask for waiting. */
interface WaitFields {
  waitFor?: number;
  timeout?: number;
  actions?: ReadonlyArray<{ type: string; milliseconds?: number }>;
}

/** All the waiting one scrape asks for: `waitFor` and every `wait` action's milliseconds. */
export function totalWaitMs(options: WaitFields): number {
  const actions = (options.actions ?? []).reduce((sum, action) => sum + (action.type === 'wait' ? (action.milliseconds ?? 0) : 0), 0);
  return (options.waitFor ?? 0) + actions;
}

/** Firecrawl's cap on that sum (60 s), on every surface: the library, the CLI and the API. */
export function refineTotalWait(options: WaitFields, ctx: z.RefinementCtx): void {
  const total = totalWaitMs(options);
  if (total <= MAX_WAIT_MS) return;
  ctx.addIssue({
    code: 'custom',
    path: ['actions'],
    message: `waitFor and the wait actions add up to ${total} ms; at most ${MAX_WAIT_MS} ms in all`,
  });
}

/**
 * Firecrawl's v1 rule "waitFor must not exceed half of timeout" (the default timeout, 30 s,
 * counts). Only the API applies it, so that a Firecrawl client gets the answer it knows; the
 * library adds `waitFor` to `timeout` rather than spending the timeout on it, and does not need it.
 */
export function refineWaitForWithinTimeout(options: WaitFields, ctx: z.RefinementCtx): void {
  const { waitFor, timeout } = options;
  if (!waitFor || timeout === undefined || waitFor <= timeout / 2) return;
  ctx.addIssue({
    code: 'custom',
    path: ['waitFor'],
    message: `waitFor must not exceed half of timeout (waitFor ${waitFor} ms, timeout ${timeout} ms: raise timeout to at least ${waitFor * 2})`,
  });
}

import { isTrawlError, type TrawlError } from '../errors.js';

/**
 * Marks failures that come after the work was done: a conversion stopped at its deadline or its
 * memory limit held a conversion thread all that time. Such a failure is charged, as Firecrawl
 * bills failed work it did; were it free, a team could hold every thread for nothing. Other
 * failures (a refused URL, an unreachable site, a block page) cost nothing.
 */
const USED_WORK: unique symbol = Symbol.for('trawl.usedWork') as never;

/** Marks `error` as a failure that cost what it used; returns it. */
export function costsWhatItUsed(error: TrawlError): TrawlError {
  // Not enumerable: the error's own properties (what tests and loggers compare) stay as they were.
  Object.defineProperty(error, USED_WORK, { value: true });
  return error;
}

/** Whether a failure is charged: one `costsWhatItUsed` marked. */
export function isChargedFailure(error: unknown): boolean {
  return isTrawlError(error) && (error as { [USED_WORK]?: unknown })[USED_WORK] === true;
}

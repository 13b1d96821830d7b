import { describe, expect, it, vi } from 'vitest';
import { ERROR_STATUS, TRAWL_ERROR_CODES } from '../src/error-codes.js';
import { errorCodeOf, isTrawlError, TrawlError } from '../src/errors.js';
import { isScrapeActionError, ScrapeActionError } from '../src/ports/browser.js';

/** errors.ts loaded a second time, as a second installed copy of @trawl/core would be: its own TrawlError class. */
async function secondCopy(): Promise<typeof import('../src/errors.js')> {
  vi.resetModules();
  return import('../src/errors.js');
}

describe('TrawlError identity', () => {
  it('is recognised when another copy of core made it, though instanceof is not', async () => {
    const other = await secondCopy();
    expect(other.TrawlError).not.toBe(TrawlError);
    const foreign = new other.TrawlError('SCRAPE_TIMEOUT', 'slow');
    expect(foreign instanceof TrawlError).toBe(false);
    expect(isTrawlError(foreign)).toBe(true);
    expect(errorCodeOf(foreign)).toBe('SCRAPE_TIMEOUT');
    // And the other way round: that copy's guard knows this copy's errors.
    expect(other.isTrawlError(new TrawlError('LLM_ERROR', 'no'))).toBe(true);
  });

  it('goes by the shared brand, not by shape', () => {
    const branded = { [Symbol.for('trawl.error')]: true, code: 'SCRAPE_BLOCKED_URL', message: 'refused', status: 400 };
    expect(isTrawlError(branded)).toBe(true);
    const lookalike = Object.assign(new Error('refused'), { name: 'TrawlError', code: 'SCRAPE_BLOCKED_URL', status: 400 });
    expect(isTrawlError(lookalike)).toBe(false);
    expect(errorCodeOf(lookalike)).toBe('INTERNAL');
    for (const value of [null, undefined, 'SCRAPE_TIMEOUT', 42, { code: 'ECONNREFUSED' }]) expect(isTrawlError(value)).toBe(false);
  });

  it('knows a failed action from another copy by its code, so scrape() still hands back the partial page', async () => {
    const other = await secondCopy();
    const foreign = Object.assign(new other.TrawlError('SCRAPE_ACTION_ERROR', 'click on "#x" found nothing'), {
      page: undefined,
      document: undefined,
    });
    expect(foreign instanceof ScrapeActionError).toBe(false);
    expect(isScrapeActionError(foreign)).toBe(true);
    expect(isScrapeActionError(new ScrapeActionError('failed'))).toBe(true);
    expect(isScrapeActionError(new TrawlError('SCRAPE_TIMEOUT', 'slow'))).toBe(false);
  });

  it('keeps the brand off its own properties, so comparisons and JSON see only code and message', () => {
    const error = new TrawlError('JOB_NOT_FOUND', 'gone');
    expect(Object.getOwnPropertySymbols(error)).toEqual([]);
    expect(JSON.parse(JSON.stringify(error))).toEqual({ code: 'JOB_NOT_FOUND', message: 'gone' });
  });

  it('answers with the status of its code unless a failure names its own', () => {
    for (const code of TRAWL_ERROR_CODES) expect(new TrawlError(code, 'x').status).toBe(ERROR_STATUS[code]);
    expect(new TrawlError('SCRAPE_ADAPTER_MISSING', 'x').status).toBe(501);
    expect(new TrawlError('SCRAPE_TIMEOUT', 'x', { status: 504 }).status).toBe(504);
  });
});

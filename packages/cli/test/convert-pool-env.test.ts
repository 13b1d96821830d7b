import { closeSharedConvertPool, ConvertPool, createRuntime } from '@trawl/core';
import { DEFAULT_CONVERT_DEADLINE_MS } from '@trawl/core/server';
import { afterEach, describe, expect, it } from 'vitest';
import { convertPoolFromEnv } from '../src/convert-pool-from-env.js';

/** The pool a runtime made without one converts in: the default runtime's. */
function sharedConvertPool(): ConvertPool {
  const pool = createRuntime().converter();
  if (!(pool instanceof ConvertPool)) throw new Error('the default runtime converts in a ConvertPool');
  return pool;
}

describe('the conversion pool of serve and worker', () => {
  afterEach(() => closeSharedConvertPool());

  it('is sized by TRAWL_CONVERT_THREADS, TRAWL_CONVERT_TIMEOUT_MS and TRAWL_CONVERT_MEMORY_MB', () => {
    convertPoolFromEnv({ TRAWL_CONVERT_THREADS: '3', TRAWL_CONVERT_TIMEOUT_MS: '5000', TRAWL_CONVERT_MEMORY_MB: '512' });
    const pool = sharedConvertPool();
    expect([pool.threads, pool.deadlineMs, pool.maxMemoryMb]).toEqual([3, 5000, 512]);
  });

  it("takes a team's share of the threads from TRAWL_CONVERT_THREADS_PER_TEAM, at most every thread", () => {
    convertPoolFromEnv({ TRAWL_CONVERT_THREADS: '4', TRAWL_CONVERT_THREADS_PER_TEAM: '2' });
    expect(sharedConvertPool().threadsPerTeam).toBe(2);
    closeSharedConvertPool();
    convertPoolFromEnv({ TRAWL_CONVERT_THREADS: '2', TRAWL_CONVERT_THREADS_PER_TEAM: '5' });
    expect(sharedConvertPool().threadsPerTeam).toBe(2);
    expect(() => convertPoolFromEnv({ TRAWL_CONVERT_THREADS_PER_TEAM: 'half' })).toThrow(/TRAWL_CONVERT_THREADS_PER_TEAM/);
  });

  it('keeps the defaults when none is set', () => {
    convertPoolFromEnv({});
    expect(sharedConvertPool().deadlineMs).toBe(DEFAULT_CONVERT_DEADLINE_MS);
  });

  it('refuses a value that is not a whole number of at least 1, naming the variable', () => {
    expect(() => convertPoolFromEnv({ TRAWL_CONVERT_THREADS: '0' })).toThrow(
      'TRAWL_CONVERT_THREADS must be a whole number of at least 1, not "0"',
    );
    expect(() => convertPoolFromEnv({ TRAWL_CONVERT_TIMEOUT_MS: 'soon' })).toThrow(/TRAWL_CONVERT_TIMEOUT_MS/);
  });
});

import { ConvertPool, useConvertPool } from '@trawl/core';
import type { Env } from '@trawl/http';

const SETTINGS = { threads: 'TRAWL_CONVERT_THREADS', deadlineMs: 'TRAWL_CONVERT_TIMEOUT_MS', maxMemoryMb: 'TRAWL_CONVERT_MEMORY_MB' } as const;

/**
 * Sizes the process's conversion pool from TRAWL_CONVERT_THREADS, TRAWL_CONVERT_TIMEOUT_MS and
 * TRAWL_CONVERT_MEMORY_MB (docs/operations.md); without them the pool keeps its defaults.
 */
export function convertPoolFromEnv(env: Env): void {
  const options: Partial<Record<keyof typeof SETTINGS, number>> = {};
  for (const [option, name] of Object.entries(SETTINGS) as Array<[keyof typeof SETTINGS, string]>) {
    const raw = env[name]?.trim();
    if (!raw) continue;
    const value = Number(raw);
    if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a whole number of at least 1 (got ${JSON.stringify(raw.slice(0, 20))})`);
    options[option] = value;
  }
  if (Object.keys(options).length) useConvertPool(new ConvertPool(options));
}

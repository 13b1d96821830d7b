import { ConvertPool, useConvertPool } from '@trawl/core';
import { DEFAULT_CONVERT_DEADLINE_MS, DEFAULT_CONVERT_MEMORY_MB, readSettings, type Env } from '@trawl/core/settings';

/**
 * Sizes the process's conversion pool from TRAWL_CONVERT_THREADS, TRAWL_CONVERT_THREADS_PER_TEAM,
 * TRAWL_CONVERT_TIMEOUT_MS and TRAWL_CONVERT_MEMORY_MB, read through the settings table
 * (docs/operations.md). Left at its defaults, the shared pool stays as it is: made with the first page.
 */
export function convertPoolFromEnv(env: Env): void {
  const settings = readSettings(['convertThreads', 'convertThreadsPerTeam', 'convertTimeoutMs', 'convertMemoryMb'], env);
  const custom =
    settings.convertThreads !== undefined ||
    settings.convertThreadsPerTeam !== undefined ||
    settings.convertTimeoutMs !== DEFAULT_CONVERT_DEADLINE_MS ||
    settings.convertMemoryMb !== DEFAULT_CONVERT_MEMORY_MB;
  if (!custom) return;
  useConvertPool(
    new ConvertPool({
      ...(settings.convertThreads ? { threads: settings.convertThreads } : {}),
      ...(settings.convertThreadsPerTeam ? { threadsPerTeam: settings.convertThreadsPerTeam } : {}),
      deadlineMs: settings.convertTimeoutMs,
      maxMemoryMb: settings.convertMemoryMb,
    }),
  );
}
